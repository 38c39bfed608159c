import { describe, expect, it } from '@jest/globals';
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
import { press, startCheckout, verify } from './billing-flow.js';

async function setPassword(link: string, password = 'a fine long password') {
  const token = new URL(link).searchParams.get('token');
  const { status, body } = await api('/api/subscription/setup-password', {
    body: { token, password },
  });
  expect(status).toBe(200);
  return body.data.auth_token as string;
}

describe('create-checkout', () => {
  it('refuses bad input with clear texts and never writes a row', async () => {
    const cases: [unknown, string][] = [
      [
        { email: 'nope', price_type: 'monthly', platform: 'web' },
        'Please enter a valid email address',
      ],
      [{ email: 'a@b.co', price_type: 'yearly', platform: 'web' }, 'price_type must be monthly.'],
      [
        { email: 'a@b.co', price_type: 'monthly', platform: 'tv' },
        'platform must be web or mobile.',
      ],
      [
        {
          email: 'a@b.co',
          price_type: 'monthly',
          platform: 'web',
          return_url: 'https://evil.example/',
        },
        'Invalid return URL.',
      ],
      [
        {
          email: 'a@b.co',
          price_type: 'monthly',
          platform: 'web',
          return_url: 'javascript:alert(1)',
        },
        'Invalid return URL.',
      ],
    ];
    const before = await sql<{ n: string }>('SELECT count(*) AS n FROM billing.checkouts');
    for (const [body, message] of cases) {
      const response = await api('/api/subscription/create-checkout', { body });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        error: expect.objectContaining({ message }),
      });
    }
    const after = await sql<{ n: string }>('SELECT count(*) AS n FROM billing.checkouts');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('lowercases and trims the email, and opens the built-in checkout page', async () => {
    const email = newEmail('trim');
    const { checkoutUrl, sessionId } = await startCheckout(`  ${email.toUpperCase()} `);
    expect(checkoutUrl.startsWith(`${stack.baseUrl}/api/billing/local/checkout/`)).toBe(true);
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('$4.99');
    const rows = await sql(
      'SELECT email, platform, state FROM billing.checkouts WHERE provider_session_id = $1',
      [sessionId],
    );
    expect(rows).toEqual([{ email, platform: 'web', state: 'open' }]);
  });
});

describe('paid checkout on the local provider', () => {
  it('creates one account, mails one setup link and grants the subscription, however often verified', async () => {
    const email = newEmail('payer');
    const { sessionId, checkoutUrl } = await startCheckout(email);
    const paid = await press(checkoutUrl, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(
      `${stack.baseUrl}/signup/success?session_id=${encodeURIComponent(sessionId)}`,
    );
    // The success page may verify several times at once (reloads, tabs).
    const answers = await Promise.all([verify(sessionId), verify(sessionId), verify(sessionId)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        user: { email },
        platform: 'web',
        deep_link_return_url: null,
        auth_token: null,
        exchange_code: null,
        sign_in_required: false,
      });
    }
    expect(await press(checkoutUrl, 'pay')).toMatchObject({ status: 303 });
    const mail = await waitForMail(email, 'setup-password');
    expect(await mailsFor(email, 'setup-password')).toHaveLength(1);
    expect(await sql('SELECT id FROM auth.users WHERE email = $1', [email])).toHaveLength(1);

    const token = await setPassword(mail.link ?? '');
    const profile = await eventually(
      () => api('/api/user/profile', { token }),
      (response) => response.body?.profile?.has_active_subscription === true,
    );
    expect(profile.status).toBe(200);
    const status = await api('/api/subscription/status', { token });
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({
      has_subscription: true,
      status: 'active',
      plan: 'SnapTrack Pro',
      current_period_end: expect.any(String),
      cancel_at: null,
    });
    const periodEnd = new Date(status.body.data.current_period_end).getTime();
    expect(periodEnd).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(periodEnd).toBeLessThan(Date.now() + 32 * 86_400_000);
    // A subscriber's address gets a checkout like any other (a refusal would tell anyone who
    // pays); a second payment would wait unattached, the subscription stays.
    const again = await api('/api/subscription/create-checkout', {
      body: { email, price_type: 'monthly', platform: 'web' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.checkout_url).toEqual(expect.any(String));
  });

  it('holds a payment for an existing account until its signed-in owner claims it', async () => {
    const account = await createTestAccount('existing', null);
    const { sessionId, checkoutUrl } = await startCheckout(account.email);
    await press(checkoutUrl, 'pay');
    const verified = await verify(sessionId);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ auth_token: null, sign_in_required: true });
    expect(
      await sql('SELECT user_id FROM billing.subscriptions WHERE email = $1', [account.email]),
    ).toEqual([]);
    const claimed = await api('/api/subscription/claim', { method: 'POST', token: account.token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ claimed: 1, subscription: { status: 'active' } });
    expect(
      await sql('SELECT user_id FROM billing.subscriptions WHERE email = $1', [account.email]),
    ).toEqual([{ user_id: account.id }]);
    await eventually(
      () => api('/api/user/profile', { token: account.token }),
      (response) => response.body?.profile?.has_active_subscription === true,
    );
    // Claimed once: a second claim finds nothing more.
    const again = await api('/api/subscription/claim', { method: 'POST', token: account.token });
    expect(again.body.data.claimed).toBe(0);
    expect((await api('/api/subscription/claim', { method: 'POST' })).status).toBe(401);
  });

  it('hands the mobile app a one-time exchange code, never a token, and its deep link', async () => {
    const email = newEmail('mobile');
    const { sessionId, checkoutUrl } = await startCheckout(email, {
      platform: 'mobile',
      return_url: 'snaptrack://signup/done',
    });
    const paid = await press(checkoutUrl, 'pay');
    expect(paid.location).toContain('/signup/mobile-success?session_id=');
    const first = await verify(sessionId);
    expect(first.body.data).toMatchObject({
      user: { email },
      platform: 'mobile',
      deep_link_return_url: 'snaptrack://signup/done',
      auth_token: null,
      exchange_code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      sign_in_required: false,
    });
    const code = first.body.data.exchange_code as string;
    expect((await verify(sessionId)).body.data.exchange_code).toBeNull();
    const traded = await api('/api/subscription/mobile-exchange', { body: { code } });
    expect(traded.status).toBe(200);
    const profile = await api('/api/user/profile', { token: traded.body.data.auth_token });
    expect(profile.body.profile.email).toBe(email);
    const twice = await api('/api/subscription/mobile-exchange', { body: { code } });
    expect(twice.status).toBe(404);
    expect(twice.body.error.message).toBe('This sign-in code has expired. Please sign in.');
    const made = await api('/api/subscription/mobile-exchange', { body: { code: 'x'.repeat(43) } });
    expect(made.status).toBe(404);
  });
});

describe('cancelled and unknown checkouts', () => {
  it('returns to the cancelled page, and the session never verifies nor pays', async () => {
    const email = newEmail('canceller');
    const { sessionId, checkoutUrl } = await startCheckout(email);
    expect(await press(checkoutUrl, 'cancel')).toEqual({
      status: 303,
      location: `${stack.baseUrl}/signup/cancelled`,
    });
    const verified = await verify(sessionId);
    expect(verified.status).toBe(402);
    expect(verified.body.error.message).toBe('Payment verification failed');
    expect((await press(checkoutUrl, 'pay')).status).toBe(409);
    expect(await sql('SELECT id FROM auth.users WHERE email = $1', [email])).toHaveLength(0);
    const mobile = await startCheckout(newEmail('m'), { platform: 'mobile' });
    expect((await press(mobile.checkoutUrl, 'cancel')).location).toBe(
      `${stack.baseUrl}/signup/mobile-cancelled`,
    );
  });

  it('answers unknown and missing sessions with clear texts', async () => {
    const unknown = await verify('lcs_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Payment verification failed');
    const missing = await api('/api/subscription/verify-payment', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Missing payment session information');
    const page = await fetch(`${stack.baseUrl}/api/billing/local/checkout/lcs_nothing`);
    expect(page.status).toBe(404);
  });
});

describe('subscription status and portal', () => {
  it('needs a signed-in user', async () => {
    expect((await api('/api/subscription/status')).status).toBe(401);
    expect((await api('/api/subscription/portal', { body: {} })).status).toBe(401);
  });

  it('refuses the portal to an account without a subscription', async () => {
    const account = await createTestAccount('nosub', null);
    const status = await api('/api/subscription/status', { token: account.token });
    expect(status.body.data).toMatchObject({ has_subscription: false, status: 'none' });
    const portal = await api('/api/subscription/portal', { token: account.token, body: {} });
    expect(portal.status).toBe(404);
    expect(portal.body.error.message).toBe('Unable to access billing portal. Please try again.');
  });

  it('cancels at period end, keeps access until then, and ends it afterwards', async () => {
    const email = newEmail('leaver');
    const { sessionId, checkoutUrl } = await startCheckout(email);
    await press(checkoutUrl, 'pay');
    await verify(sessionId);
    const token = await setPassword((await waitForMail(email, 'setup-password')).link ?? '');
    const foreign = await api('/api/subscription/portal', {
      token,
      body: { return_url: 'https://evil.example/' },
    });
    expect(foreign.status).toBe(400);
    const portal = await api('/api/subscription/portal', { token, body: {} });
    expect(portal.status).toBe(200);
    const portalUrl = portal.body.data.portal_url as string;
    expect((await fetch(portalUrl)).status).toBe(200);
    expect(await press(portalUrl, 'cancel')).toEqual({
      status: 303,
      location: `${stack.baseUrl}/subscription`,
    });
    const cancelled = await api('/api/subscription/status', { token });
    expect(cancelled.body.data.status).toBe('active');
    expect(cancelled.body.data.has_subscription).toBe(true);
    expect(cancelled.body.data.cancel_at).toBe(cancelled.body.data.current_period_end);

    // The paid period runs out: the sweeper ends the subscription and auth follows.
    await sql(
      `UPDATE billing.subscriptions SET current_period_end = now() - interval '1 second',
         cancel_at = now() - interval '1 second' WHERE email = $1`,
      [email],
    );
    const ended = await eventually(
      () => api('/api/subscription/status', { token }),
      (response) => response.body?.data?.status === 'canceled',
    );
    expect(ended.body.data.has_subscription).toBe(false);
    await eventually(
      () => api('/api/user/profile', { token }),
      (response) => response.body?.profile?.has_active_subscription === false,
    );
  });
});
