import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  api,
  createTestAccount,
  eventually,
  mailsFor,
  newEmail,
  sql,
  stack,
  waitForMail,
} from '@snaptrack/testing';
import { startCheckout, verify } from './billing-flow.js';
import { deliver, FakeStripe, signedEvent } from './fake-stripe.js';

const PRICE = 'price_test_monthly_499';
const fake = new FakeStripe();

/** Delivers an event and waits until billing has processed it; answers its stored row. */
async function deliverProcessed(signed: {
  payload: string;
  header: string;
  event: { id: string };
}) {
  const answer = await deliver(stack.baseUrl, signed.payload, signed.header);
  expect(answer.status).toBe(200);
  const [row] = await eventually(
    () =>
      sql<{ processed_at: Date | null; last_error: string | null }>(
        'SELECT processed_at, last_error FROM billing.stripe_events WHERE id = $1',
        [signed.event.id],
      ),
    (rows) => !!rows[0]?.processed_at,
  );
  return { answer, row };
}

async function setPassword(email: string) {
  const mail = await waitForMail(email, 'setup-password', { timeoutMs: 60_000 });
  const token = new URL(mail.link ?? '').searchParams.get('token');
  const { status, body } = await api('/api/subscription/setup-password', {
    body: { token, password: 'a fine long password' },
  });
  expect(status).toBe(200);
  return body.data.auth_token as string;
}

const statusOf = (token: string) => api('/api/subscription/status', { token });

beforeAll(async () => {
  await fake.listen();
  // This file runs billing on the stripe provider against the fake (the test stack's gateway
  // has a webhook secret); afterAll puts the stack's own billing back.
  await stack.restart('billing', {
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_snaptrack',
    STRIPE_PRICE_ID: PRICE,
    STRIPE_API_BASE: fake.baseUrl,
  });
}, 240_000);

afterAll(async () => {
  try {
    await stack.restart('billing');
  } finally {
    await fake.close();
  }
}, 240_000);

describe('checkout on the stripe provider', () => {
  it('creates a subscription-mode session for the monthly price with our ids and routes', async () => {
    const email = newEmail('stripe-start');
    const { sessionId, checkoutUrl } = await startCheckout(` ${email.toUpperCase()}`);
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const [row] = await sql<{ id: string; provider: string }>(
      'SELECT id, provider FROM billing.checkouts WHERE provider_session_id = $1',
      [sessionId],
    );
    expect(row?.provider).toBe('stripe');
    const created = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1);
    expect(created).toMatchObject({
      idempotencyKey: `checkout:${row?.id}`,
      stripeVersion: '2026-10-28.endive',
      authorization: 'Bearer sk_test_snaptrack',
      form: expect.objectContaining({
        mode: 'subscription',
        'line_items[0][price]': PRICE,
        'line_items[0][quantity]': '1',
        client_reference_id: row?.id,
        customer_email: email,
        success_url: `${stack.baseUrl}/signup/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${stack.baseUrl}/signup/cancelled`,
      }),
    });

    await startCheckout(newEmail('stripe-mobile'), { platform: 'mobile' });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)?.form).toMatchObject({
      success_url: `${stack.baseUrl}/signup/mobile-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${stack.baseUrl}/signup/mobile-cancelled`,
    });
    // Not paid yet: the success page's verification refuses.
    const unpaid = await verify(sessionId);
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.error.message).toBe('Payment verification failed');
  });

  it('creates one account from a completed checkout, however often the event and the verification arrive', async () => {
    const email = newEmail('stripe-paid');
    const { sessionId } = await startCheckout(email);
    const { subscription } = fake.pay(sessionId);
    const completed = signedEvent(stack.stripeWebhookSecret, 'checkout.session.completed', {
      ...fake.sessions.get(sessionId),
    });
    // Stripe delivers the same event more than once; the success page verifies meanwhile.
    const answers = await Promise.all([
      deliver(stack.baseUrl, completed.payload, completed.header),
      deliver(stack.baseUrl, completed.payload, completed.header),
      verify(sessionId),
      deliver(stack.baseUrl, completed.payload, completed.header),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const duplicates = [answers[0], answers[1], answers[3]].map((answer) => answer.body.duplicate);
    expect(duplicates.filter((duplicate) => duplicate === false)).toHaveLength(1);
    expect(
      await sql('SELECT count(*)::int AS n FROM billing.stripe_events WHERE id = $1', [
        completed.event.id,
      ]),
    ).toEqual([{ n: 1 }]);

    const token = await setPassword(email);
    await eventually(
      () =>
        sql('SELECT processed_at FROM billing.stripe_events WHERE id = $1', [completed.event.id]),
      (rows) => !!rows[0]?.processed_at,
    );
    expect(await verify(sessionId)).toMatchObject({ status: 200 });
    expect(await mailsFor(email, 'setup-password')).toHaveLength(1);
    expect(await sql('SELECT id FROM auth.users WHERE email = $1', [email])).toHaveLength(1);
    const status = await statusOf(token);
    expect(status.body.data).toEqual({
      has_subscription: true,
      status: 'active',
      plan: 'SnapTrack Pro',
      current_period_end: new Date(
        (subscription.items as { data: { current_period_end: number }[] }).data[0]
          .current_period_end * 1000,
      ).toISOString(),
      cancel_at: null,
    });
    await eventually(
      () => api('/api/user/profile', { token }),
      (response) => response.body?.profile?.has_active_subscription === true,
    );
  });

  it('holds a $4.99 payment for an existing account: no session, no link, until its owner claims', async () => {
    const owner = await createTestAccount('stripe-owner', null);
    const { sessionId } = await startCheckout(owner.email, { platform: 'mobile' });
    const { subscription } = fake.pay(sessionId);
    const completed = await deliverProcessed(
      signedEvent(stack.stripeWebhookSecret, 'checkout.session.completed', {
        ...fake.sessions.get(sessionId),
      }),
    );
    expect(completed.row.last_error).toBeNull();
    const answer = await verify(sessionId);
    expect(answer.body.data).toMatchObject({
      auth_token: null,
      exchange_code: null,
      sign_in_required: true,
    });
    expect(await mailsFor(owner.email, 'setup-password')).toHaveLength(0);
    expect(
      await sql('SELECT user_id FROM billing.subscriptions WHERE subscription_id = $1', [
        subscription.id,
      ]),
    ).toEqual([]);
    const claimed = await api('/api/subscription/claim', { method: 'POST', token: owner.token });
    expect(claimed.body.data).toMatchObject({ claimed: 1, subscription: { status: 'active' } });
    expect(
      await sql('SELECT user_id FROM billing.subscriptions WHERE subscription_id = $1', [
        subscription.id,
      ]),
    ).toEqual([{ user_id: owner.id }]);
  });

  it('opens the Stripe billing portal for the customer, returning to /subscription', async () => {
    const email = newEmail('stripe-portal');
    const { sessionId } = await startCheckout(email);
    const { customer } = fake.pay(sessionId);
    expect((await verify(sessionId)).status).toBe(200);
    const token = await setPassword(email);
    const portal = await api('/api/subscription/portal', { token, body: {} });
    expect(portal.status).toBe(200);
    expect(portal.body.data.portal_url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)).toMatchObject({
      idempotencyKey: expect.stringMatching(/^portal:/),
      form: { customer, return_url: `${stack.baseUrl}/subscription` },
    });
  });
});

describe('webhook events on the stripe provider', () => {
  it('creates the account when invoice.paid comes before checkout.session.completed', async () => {
    const email = newEmail('stripe-early-invoice');
    const { sessionId } = await startCheckout(email);
    const { subscription, customer } = fake.pay(sessionId);
    const invoice = {
      id: 'in_test_early',
      object: 'invoice',
      customer,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
    };
    const paid = await deliverProcessed(
      signedEvent(stack.stripeWebhookSecret, 'invoice.paid', invoice),
    );
    expect(paid.row.last_error).toBeNull();
    await waitForMail(email, 'setup-password', { timeoutMs: 60_000 });
    const completed = await deliverProcessed(
      signedEvent(stack.stripeWebhookSecret, 'checkout.session.completed', {
        ...fake.sessions.get(sessionId),
      }),
    );
    expect(completed.row.last_error).toBeNull();
    expect(await sql('SELECT id FROM auth.users WHERE email = $1', [email])).toHaveLength(1);
    expect(await mailsFor(email, 'setup-password')).toHaveLength(1);
    expect(
      await sql('SELECT status FROM billing.subscriptions WHERE subscription_id = $1', [
        subscription.id,
      ]),
    ).toEqual([{ status: 'active' }]);
  });

  it('follows Stripe through past_due, cancellation at period end and deletion; a late older event never wins', async () => {
    const email = newEmail('stripe-lifecycle');
    const { sessionId } = await startCheckout(email);
    const { subscription, customer } = fake.pay(sessionId);
    const subscriptionId = subscription.id as string;
    expect((await verify(sessionId)).status).toBe(200);
    const token = await setPassword(email);
    const invoice = (status: string) => ({
      id: `in_test_${status}`,
      object: 'invoice',
      customer,
      status,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
    });

    // An old subscription.updated (past_due, an hour ago) arrives late: Stripe says active now.
    const stale = signedEvent(
      stack.stripeWebhookSecret,
      'customer.subscription.updated',
      { ...subscription, status: 'past_due' },
      { created: Math.floor(Date.now() / 1000) - 3600 },
    );
    await deliverProcessed(stale);
    expect((await statusOf(token)).body.data.status).toBe('active');

    // A renewal payment fails: Stripe marks the subscription past_due.
    fake.updateSubscription(subscriptionId, { status: 'past_due' });
    await deliverProcessed(
      signedEvent(stack.stripeWebhookSecret, 'invoice.payment_failed', invoice('open')),
    );
    expect((await statusOf(token)).body.data).toMatchObject({
      has_subscription: true,
      status: 'past_due',
    });

    // Paid after all, and the customer cancels at the end of the period in the portal.
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    fake.updateSubscription(subscriptionId, {
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      current_period_end: periodEnd,
    });
    await deliverProcessed(signedEvent(stack.stripeWebhookSecret, 'invoice.paid', invoice('paid')));
    await deliverProcessed(
      signedEvent(stack.stripeWebhookSecret, 'customer.subscription.updated', {
        ...fake.subscriptions.get(subscriptionId),
      }),
    );
    expect((await statusOf(token)).body.data).toEqual({
      has_subscription: true,
      status: 'active',
      plan: 'SnapTrack Pro',
      current_period_end: new Date(periodEnd * 1000).toISOString(),
      cancel_at: new Date(periodEnd * 1000).toISOString(),
    });

    // The period ends: Stripe deletes the subscription. Access ends with the paid period.
    const ended = Math.floor(Date.now() / 1000) - 60;
    fake.updateSubscription(subscriptionId, { status: 'canceled', current_period_end: ended });
    await deliverProcessed(
      signedEvent(stack.stripeWebhookSecret, 'customer.subscription.deleted', {
        ...fake.subscriptions.get(subscriptionId),
      }),
    );
    expect((await statusOf(token)).body.data).toMatchObject({
      has_subscription: false,
      status: 'canceled',
    });
    // The earlier past_due event, delivered again (a new id, created long ago), changes nothing.
    await deliverProcessed(
      signedEvent(
        stack.stripeWebhookSecret,
        'customer.subscription.updated',
        { ...subscription, status: 'active' },
        { created: Math.floor(Date.now() / 1000) - 7200 },
      ),
    );
    expect((await statusOf(token)).body.data.status).toBe('canceled');
  });

  it('stores and acknowledges event types it does not handle', async () => {
    const other = signedEvent(stack.stripeWebhookSecret, 'customer.created', {
      id: 'cus_test_other',
      object: 'customer',
    });
    const { answer, row } = await deliverProcessed(other);
    expect(answer.body).toEqual({ received: true, duplicate: false });
    expect(row.last_error).toBe('ignored: type');
    const [stored] = await sql<{ type: string; payload: { id: string } }>(
      'SELECT type, payload FROM billing.stripe_events WHERE id = $1',
      [other.event.id],
    );
    expect(stored).toMatchObject({ type: 'customer.created', payload: { id: other.event.id } });
  });
});
