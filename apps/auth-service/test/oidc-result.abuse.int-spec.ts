import { describe, expect, it } from '@jest/globals';
import { loginAtProvider, redeemOidcResult, stack, TestBrowser } from '@snaptrack/testing';
import { newEmail } from './accounts.js';

// Sign-in CSRF: an attacker signs in with their own Google account, keeps the one-time
// `oidc_result` code the callback hands out, and sends a victim `/login?oidc_result=<code>`.
// If the victim's browser could redeem it, the victim would be signed in to the attacker's
// account and every receipt they capture would land there.

/** The attacker's own sign-in, up to the landing page; the code is kept, not redeemed. */
async function attackersCode(): Promise<string> {
  const attacker = new TestBrowser();
  const start = await attacker.fetch(`${stack.baseUrl}/api/auth/oidc/google/start`);
  const callback = await loginAtProvider(
    attacker,
    start.headers.get('location') ?? '',
    newEmail('attacker'),
    `${stack.baseUrl}/api/auth/oidc/`,
  );
  const landing = await attacker.follow(callback, stack.baseUrl);
  expect(landing.pathname).toBe('/login');
  const code = landing.searchParams.get('oidc_result');
  if (!code) throw new Error('the callback issued no oidc_result');
  return code;
}

const refusal = {
  code: 'SOCIAL_SIGN_IN_FAILED',
  message: 'This sign-in attempt has expired. Please try again.',
};

describe('an oidc_result redeems only in the browser that started the flow', () => {
  it('signs in no other browser, with or without a flow of its own', async () => {
    const fresh = new TestBrowser();
    const stolen = await redeemOidcResult(fresh, await attackersCode());
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toEqual(refusal);
    expect(stolen.body.token).toBeUndefined();

    // A victim in the middle of their own sign-in holds a binding cookie, but not the attacker's.
    const busy = new TestBrowser();
    const own = await busy.fetch(`${stack.baseUrl}/api/auth/oidc/google/start`);
    expect(own.status).toBe(302);
    expect(busy.cookies(stack.baseUrl)).toMatch(/snaptrack_oidc=/);
    const alsoStolen = await redeemOidcResult(busy, await attackersCode());
    expect(alsoStolen.status).toBe(400);
    expect(alsoStolen.body.error).toEqual(refusal);
    expect(alsoStolen.body.token).toBeUndefined();
  });
});
