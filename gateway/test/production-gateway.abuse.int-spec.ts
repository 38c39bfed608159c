import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, newEmail, stack } from '@snaptrack/testing';

// What a gateway started with NODE_ENV=production leaves out: the API map (Swagger UI maps every
// route for whoever asks) and local billing's pay-with-one-click pages (nobody may pay for free,
// even if a billing-service somewhere still runs `local`). Which settings serve them is decided
// by servesApiDocs and servesLocalBilling (gateway/src/config/env.spec.ts); here, with one
// restart, that a production gateway takes both decisions.

async function docs(): Promise<number> {
  return (await fetch(`${stack.baseUrl}/api/docs`)).status;
}

/** Opens a local checkout (as a visitor would) and answers its page's path. */
async function openCheckout(): Promise<string> {
  const { status, body } = await api('/api/subscription/create-checkout', {
    body: { email: newEmail('free-rider'), price_type: 'monthly', platform: 'web' },
    headers: { 'x-forwarded-for': '203.0.113.77' },
  });
  expect(status).toBe(200);
  return new URL(body.data.checkout_url as string).pathname;
}

let checkoutPage: string;

beforeAll(async () => {
  // On the test stack (NODE_ENV=test) both are served: the page of a checkout opened here is
  // then asked for from the production gateway.
  expect(await docs()).toBe(200);
  checkoutPage = await openCheckout();
  expect((await fetch(`${stack.baseUrl}${checkoutPage}`)).status).toBe(200);
  await stack.restart('gateway', { NODE_ENV: 'production' });
}, 240_000);

afterAll(async () => {
  await stack.restart('gateway');
}, 240_000);

describe('a production gateway', () => {
  it('does not serve the API map', async () => {
    expect(await docs()).toBe(404);
    expect((await fetch(`${stack.baseUrl}/api/docs-json`)).status).toBe(404);
  });

  it('does not serve local checkout pages, so paying on them is impossible', async () => {
    expect((await fetch(`${stack.baseUrl}${checkoutPage}`)).status).toBe(404);
    const pay = await fetch(`${stack.baseUrl}${checkoutPage}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(404);
    const portal = await fetch(`${stack.baseUrl}/api/billing/local/portal/x/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(portal.status).toBe(404);
  });
});
