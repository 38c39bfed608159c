import { afterAll, describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import {
  api,
  loginAtProvider,
  nativeIdToken,
  redeemOidcResult,
  setProviderAccount,
  stack,
  TestBrowser,
} from '@snaptrack/testing';
import { closeBus, newAccount, newEmail } from './accounts.js';

afterAll(closeBus);

type Provider = 'google' | 'apple';

/** Sign-in from the login page: start (302 to the provider), log in there, come back. */
async function signInWith(login: string, provider: Provider = 'google', cancel = false) {
  const browser = new TestBrowser();
  const start = await browser.fetch(`${stack.baseUrl}/api/auth/oidc/${provider}/start`);
  expect(start.status).toBe(302);
  return comeBack(browser, start.headers.get('location') ?? '', login, cancel);
}

/** Linking from account settings: start as JSON with the bearer token, then the same way. */
async function linkWith(token: string, login: string, provider: Provider = 'google') {
  const browser = new TestBrowser();
  const start = await browser.fetch(`${stack.baseUrl}/api/auth/oidc/${provider}/start?mode=link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await start.json()) as { url?: string; error?: unknown };
  if (!body.url) return { landing: undefined, result: { status: start.status, body } };
  return comeBack(browser, body.url, login);
}

async function comeBack(
  browser: TestBrowser,
  authorizationUrl: string,
  login: string,
  cancel = false,
) {
  const callback = await loginAtProvider(
    browser,
    authorizationUrl,
    login,
    `${stack.baseUrl}/api/auth/oidc/`,
    { cancel },
  );
  const landing = await browser.follow(callback, stack.baseUrl);
  const code = landing.searchParams.get('oidc_result') ?? '';
  return { landing, result: await redeemOidcResult(browser, code) };
}

describe('Google sign-in (authorization code with PKCE against a real OpenID provider)', () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const start = await new TestBrowser().fetch(`${stack.baseUrl}/api/auth/oidc/google/start`);
    const url = new URL(start.headers.get('location') ?? '');
    expect(url.origin).toBe(process.env.SNAPTRACK_OIDC_ISSUER);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${stack.baseUrl}/api/auth/oidc/google/callback`,
    );
    expect(start.headers.get('set-cookie')).toMatch(/snaptrack_oidc=.*HttpOnly.*SameSite=Lax/i);
  });

  it('creates an account on first sign-in and finds it again the next time', async () => {
    const email = newEmail('gmail');
    const first = await signInWith(email);
    expect(first.landing?.pathname).toBe('/login');
    expect(first.result.status).toBe(200);
    expect(first.result.body).toMatchObject({ success: true, kind: 'signin', provider: 'google' });
    expect(first.result.body.user).toMatchObject({ email, has_active_subscription: false });
    const profile = await api('/api/user/profile', { token: first.result.body.token });
    expect(profile.status).toBe(200);
    const methods = await api('/api/auth/sign-in-methods', { token: first.result.body.token });
    expect(methods.body.methods).toEqual(['google']);

    const second = await signInWith(email);
    expect(second.result.body.user.id).toBe(first.result.body.user.id);
  });

  it('signs an existing password account in when Google vouches for the address', async () => {
    const account = await newAccount();
    const { result } = await signInWith(account.email);
    expect(result.body.user.id).toBe(account.userId);
    const methods = await api('/api/auth/sign-in-methods', { token: result.body.token });
    expect(methods.body.methods).toEqual(['password', 'google']);
  });

  it('does not take over an account for an unverified Google address', async () => {
    const account = await newAccount();
    const { result } = await signInWith(`${account.email}#unverified`);
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('SOCIAL_SIGN_IN_FAILED');
    expect(result.body.error.message).toContain('Sign in with your password');
  });

  it('reports a cancelled sign-in', async () => {
    const { result } = await signInWith(newEmail('cancel'), 'google', true);
    expect(result.body.error).toEqual({ code: 'SIGN_IN_CANCELLED', message: 'Sign-in cancelled.' });
  });

  it('refuses a callback in a browser that did not start the flow, and reused codes', async () => {
    const starter = new TestBrowser();
    const start = await starter.fetch(`${stack.baseUrl}/api/auth/oidc/google/start`);
    const callback = await loginAtProvider(
      starter,
      start.headers.get('location') ?? '',
      newEmail('csrf'),
      `${stack.baseUrl}/api/auth/oidc/`,
    );
    // Someone else's browser (no binding cookie) follows the callback link.
    const victim = new TestBrowser();
    const landing = await victim.follow(callback, stack.baseUrl);
    const code = landing.searchParams.get('oidc_result') ?? '';
    const refused = await api('/api/auth/oidc/result', { body: { code } });
    expect(refused.body.error).toEqual({
      code: 'SOCIAL_SIGN_IN_FAILED',
      message: 'This sign-in attempt has expired. Please try again.',
    });
    const reused = await api('/api/auth/oidc/result', { body: { code } });
    expect(reused.body.error.code).toBe('SOCIAL_SIGN_IN_FAILED');
  });

  it('signs in with Apple through form_post', async () => {
    const email = newEmail('apple');
    const { result } = await signInWith(email, 'apple');
    expect(result.body).toMatchObject({ kind: 'signin', provider: 'apple' });
    expect(result.body.user.email).toBe(email);
  });
});

describe('linking Google to an account', () => {
  it('links when the emails match, then says it is already linked', async () => {
    const account = await newAccount();
    const { landing, result } = await linkWith(account.token, account.email);
    expect(landing?.pathname).toBe('/account-settings');
    expect(result.body).toEqual({
      success: true,
      kind: 'link',
      provider: 'google',
      methods: ['password', 'google'],
    });
    const again = await linkWith(account.token, account.email);
    expect(again.result.body.error).toEqual({
      code: 'PROVIDER_ALREADY_LINKED',
      message: 'Your account is already linked to Google sign-in!',
    });
  });

  it('refuses a Google account linked to another SnapTrack account', async () => {
    const first = await newAccount();
    const sub = `g-${first.userId}`;
    await setProviderAccount(sub, first.email);
    expect((await linkWith(first.token, sub)).result.body.kind).toBe('link');
    // The same Google account, its address since changed to the second user's.
    const second = await newAccount();
    await setProviderAccount(sub, second.email);
    const { result } = await linkWith(second.token, sub);
    expect(result.body.error).toEqual({
      code: 'CREDENTIAL_ALREADY_IN_USE',
      message: 'This Google account is already linked to another SnapTrack account.',
    });
  });

  it('names both addresses when they differ', async () => {
    const account = await newAccount();
    const other = newEmail('other');
    const { result } = await linkWith(account.token, other);
    expect(result.status).toBe(409);
    expect(result.body.error).toEqual({
      code: 'EMAIL_MISMATCH',
      message: `The Google account's email (${other}) does not match your account email (${account.email}).`,
    });
  });

  it('asks for a recent sign-in', async () => {
    const account = await newAccount();
    const claims = JSON.parse(
      Buffer.from(account.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const old = await new SignJWT({ ...claims, iat: Math.floor(Date.now() / 1000) - 7_200 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(stack.jwtSecret));
    const { result } = await linkWith(old, account.email);
    expect(result.status).toBe(403);
    expect(result.body.error).toEqual({
      code: 'REQUIRES_RECENT_LOGIN',
      message: 'Please sign out and sign in again before linking a new provider.',
    });
  });

  it('reports a failed code exchange as a failed link', async () => {
    const account = await newAccount();
    const browser = new TestBrowser();
    const start = await browser.fetch(`${stack.baseUrl}/api/auth/oidc/google/start?mode=link`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const { url } = (await start.json()) as { url: string };
    const state = new URL(url).searchParams.get('state') ?? '';
    const landing = await browser.follow(
      `${stack.baseUrl}/api/auth/oidc/google/callback?state=${state}&code=forged-code`,
      stack.baseUrl,
    );
    const code = landing.searchParams.get('oidc_result') ?? '';
    const { body } = await redeemOidcResult(browser, code);
    expect(body.error).toEqual({
      code: 'SOCIAL_SIGN_IN_FAILED',
      message: 'Failed to link account. Please try again.',
    });
  });

  it('needs a signed-in user', async () => {
    const { status, body } = await api('/api/auth/oidc/google/start?mode=link');
    expect(status).toBe(401);
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('POST /api/auth/universal (native apps)', () => {
  it('turns a provider id token into a session', async () => {
    const email = newEmail('ios');
    const idToken = await nativeIdToken(email);
    const { status, body } = await api('/api/auth/universal', {
      body: {
        firebase_token: idToken,
        provider: 'google',
        version: 2,
        provider_data: { full_name: 'Ios User', email },
      },
    });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ email, full_name: 'Ios User' });
    expect((await api('/api/user/profile', { token: body.token })).status).toBe(200);
  });

  it('refuses forged, foreign and unsupported tokens', async () => {
    const forged = await new SignJWT({ sub: 'x', email: 'x@example.com' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(process.env.SNAPTRACK_OIDC_ISSUER ?? '')
      .setAudience('snaptrack-google-test')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-secret-the-attacker-knows-0123456789'));
    const refused = await api('/api/auth/universal', {
      body: { firebase_token: forged, provider: 'google' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('SOCIAL_SIGN_IN_FAILED');
    // An Apple id token presented as Google: wrong audience.
    const apple = await nativeIdToken(newEmail('apple'), 'apple');
    const foreign = await api('/api/auth/universal', {
      body: { firebase_token: apple, provider: 'google' },
    });
    expect(foreign.body.error.code).toBe('SOCIAL_SIGN_IN_FAILED');
    const github = await api('/api/auth/universal', {
      body: { firebase_token: 'x', provider: 'github' },
    });
    expect(github.status).toBe(400);
    expect(github.body.error.message).toBe('Unsupported sign-in provider.');
  });
});
