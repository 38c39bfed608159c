import { afterAll, describe, expect, it } from '@jest/globals';
import { api, newEmail, stack } from '@snaptrack/testing';

/**
 * Local billing "pays" with one click. A gateway in production must not serve its pages, so
 * nobody can pay for free even if a billing-service somewhere still runs `local`.
 */
async function openCheckout() {
  const { status, body } = await api('/api/subscription/create-checkout', {
    body: { email: newEmail('free-rider'), price_type: 'monthly', platform: 'web' },
    headers: { 'x-forwarded-for': '203.0.113.77' },
  });
  expect(status).toBe(200);
  return new URL(body.data.checkout_url as string).pathname;
}

afterAll(async () => {
  await stack.restart('gateway');
});

describe('local checkout pages in production', () => {
  it('are not served, so paying on them is impossible', async () => {
    const page = await openCheckout();
    await stack.restart('gateway', { NODE_ENV: 'production' });
    expect((await fetch(`${stack.baseUrl}${page}`)).status).toBe(404);
    const pay = await fetch(`${stack.baseUrl}${page}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(404);
    const portal = await fetch(`${stack.baseUrl}/api/billing/local/portal/x/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(portal.status).toBe(404);
  });

  it('are served for a demo that allows local billing explicitly', async () => {
    await stack.restart('gateway', {
      NODE_ENV: 'production',
      ALLOW_LOCAL_BILLING_IN_PRODUCTION: 'true',
    });
    const page = await openCheckout();
    expect((await fetch(`${stack.baseUrl}${page}`)).status).toBe(200);
  });
});
