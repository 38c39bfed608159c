import { describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, stack } from '@snaptrack/testing';
import { signToken, unsignedToken } from './tokens.js';

async function signIn(): Promise<string> {
  const { status, body } = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  expect(status).toBe(200);
  return body.token as string;
}

describe('email sign-in', () => {
  it('signs the demo account in and returns its profile', async () => {
    const token = await signIn();
    const { status, body } = await api('/api/user/profile', { token });
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({
      id: DemoAccount.id,
      email: DemoAccount.email,
      email_username: 'demo',
      snaptrack_email: 'demo@snaptrack.localhost',
      has_active_subscription: true,
    });
    expect(body.snaptrack_emails).toEqual(['demo@snaptrack.localhost']);
  });

  it('accepts the email in any case and with spaces', async () => {
    const { status } = await api('/api/auth/login', {
      body: { email: 'Demo@Example.com', password: DemoAccount.password },
    });
    expect(status).toBe(200);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const wrong = await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: 'nope-nope' },
    });
    const unknown = await api('/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      success: false,
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
  });

  it('refuses malformed bodies and unknown fields with a clear message', async () => {
    const missing = await api('/api/auth/login', { body: { email: DemoAccount.email } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
    const extra = await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: 'x', admin: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toContain('admin');
    const notJson = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { success: boolean }).success).toBe(false);
  });

  it('refuses bodies over the size limit', async () => {
    const { status, body } = await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: 'x'.repeat(200_000) },
    });
    expect(status).toBe(413);
    expect(body.success).toBe(false);
  });
});

describe('bearer tokens', () => {
  it('needs a token for protected routes', async () => {
    const { status, body } = await api('/api/user/profile');
    expect(status).toBe(401);
    expect(body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'No authenticated user' });
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await signToken('another-secret-that-is-long-enough-0123456789');
    expect((await api('/api/user/profile', { token: forged })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await signToken(stack.jwtSecret, {}, '-1m');
    const { status, body } = await api('/api/user/profile', { token: expired });
    expect(status).toBe(401);
    expect(body.error.code).toBe('TOKEN_REVOKED');
  });

  // The gateway remembers tokens it has checked: one it accepted must still stop at its exp.
  it('refuses a token it accepted before once it has expired', async () => {
    // The demo account's current auth version (another spec may have signed it out everywhere).
    const current = JSON.parse(
      Buffer.from((await signIn()).split('.')[1], 'base64url').toString(),
    ) as { auth_version: number };
    // exp is in whole seconds: five of them leave a slow first request time to be accepted.
    const expiresAt = Math.floor(Date.now() / 1000) + 5;
    const shortLived = await signToken(
      stack.jwtSecret,
      { auth_version: current.auth_version },
      expiresAt,
    );
    expect((await api('/api/user/profile', { token: shortLived })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 1_000));
    const { status, body } = await api('/api/user/profile', { token: shortLived });
    expect(status).toBe(401);
    expect(body.error.code).toBe('TOKEN_REVOKED');
  });

  it('refuses alg none, a wrong audience and a wrong token type', async () => {
    expect((await api('/api/user/profile', { token: unsignedToken() })).status).toBe(401);
    const wrongAudience = await signToken(stack.jwtSecret, { aud: 'someone-else' });
    expect((await api('/api/user/profile', { token: wrongAudience })).status).toBe(401);
    const wrongType = await signToken(stack.jwtSecret, { typ: 'refresh' });
    expect((await api('/api/user/profile', { token: wrongType })).status).toBe(401);
  });

  it('refuses a token issued before logout, and accepts a new sign-in', async () => {
    const before = await signIn();
    expect((await api('/api/user/profile', { token: before })).status).toBe(200);
    expect((await api('/api/auth/logout', { method: 'POST', token: before })).status).toBe(200);
    const { status, body } = await api('/api/user/profile', { token: before });
    expect(status).toBe(401);
    expect(body.error.code).toBe('TOKEN_REVOKED');
    const after = await signIn();
    expect((await api('/api/user/profile', { token: after })).status).toBe(200);
  });
});

describe('a well-formed token', () => {
  it('is accepted when signed with the product secret (the negative cases above are real)', async () => {
    const valid = await signToken(stack.jwtSecret, { auth_version: 1_000 });
    expect((await api('/api/user/profile', { token: valid })).status).toBe(200);
  });
});
