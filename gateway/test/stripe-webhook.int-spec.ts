import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { sql, stack } from '@snaptrack/testing';

const webhooks = new Stripe('sk_unused', { telemetry: false }).webhooks;
const now = () => Math.floor(Date.now() / 1000);

/** An event of a type billing only stores (so this file needs no Stripe API behind billing). */
function signed(options: { signedAt?: number; secret?: string } = {}) {
  const event = {
    id: `evt_test_${randomBytes(9).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    type: 'customer.created',
    livemode: false,
    data: { object: { id: 'cus_test_gateway', object: 'customer', email: 'ann@example.com' } },
  };
  const payload = JSON.stringify(event, null, 2);
  const header = webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? stack.stripeWebhookSecret,
    timestamp: options.signedAt ?? now(),
  });
  return { event, payload, header };
}

async function deliver(body: string, header?: string, contentType = 'application/json') {
  const response = await fetch(`${stack.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(header ? { 'stripe-signature': header } : {}) },
    body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  return { status: response.status, body: (await response.json()) as any };
}

const stored = (id: string) =>
  sql('SELECT id, type FROM billing.stripe_events WHERE id = $1', [id]);

describe('POST /api/webhooks/stripe', () => {
  // The test stack's gateway has a webhook secret (stack.stripeWebhookSecret).
  it('stores a validly signed event before answering 200, once however often it is sent', async () => {
    const { event, payload, header } = signed();
    const first = await deliver(payload, header);
    expect(first).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await stored(event.id)).toEqual([{ id: event.id, type: 'customer.created' }]);
    // Stripe redelivers (the same bytes and signature within the tolerance): acknowledged, kept once.
    for (let i = 0; i < 2; i += 1) {
      expect(await deliver(payload, header)).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
    }
    expect(await stored(event.id)).toHaveLength(1);
  });

  it('refuses a tampered, stale, foreign or missing signature with 400 and stores nothing', async () => {
    const tampered = signed();
    const changed = tampered.payload.replace('ann@example.com', 'eve@example.com');
    const stale = signed({ signedAt: now() - 6 * 60 });
    const foreign = signed({ secret: 'whsec_someone_else' });
    const missing = signed();
    const cases = [
      await deliver(changed, tampered.header),
      await deliver(stale.payload, stale.header),
      await deliver(foreign.payload, foreign.header),
      await deliver(missing.payload),
      await deliver(missing.payload, 't=1,v1=deadbeef'),
    ];
    for (const answer of cases) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        error: expect.objectContaining({
          code: 'WEBHOOK_SIGNATURE_INVALID',
          message: 'Invalid webhook signature.',
        }),
      });
    }
    for (const { event } of [tampered, stale, foreign, missing]) {
      expect(await stored(event.id)).toEqual([]);
    }
  });

  it('answers 5xx while billing cannot store the event, so Stripe delivers it again', async () => {
    const { event, payload, header } = signed();
    await stack.stop('billing');
    let down: Awaited<ReturnType<typeof deliver>>;
    try {
      down = await deliver(payload, header);
    } finally {
      await stack.start('billing');
    }
    expect(down.status).toBeGreaterThanOrEqual(500);
    expect(down.body.success).toBe(false);
    expect(await stored(event.id)).toEqual([]);
    // Stripe's retry, once billing is back: stored and acknowledged.
    expect(await deliver(payload, header)).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect(await stored(event.id)).toHaveLength(1);
  });

  it('verifies the exact bytes: the same event re-serialised no longer verifies', async () => {
    const { event, payload, header } = signed();
    const compact = JSON.stringify(JSON.parse(payload));
    expect(compact).not.toBe(payload);
    expect((await deliver(compact, header)).status).toBe(400);
    expect((await deliver(payload, header)).status).toBe(200);
    expect(await stored(event.id)).toHaveLength(1);
  });
});
