import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { api, mailsFor, stack } from '@snaptrack/testing';
import { closeBus, newAccount, newEmail, setupLink, sql } from './accounts.js';

afterAll(closeBus);

const INVALID_TOKEN = {
  code: 'INVALID_TOKEN',
  message: 'This setup link has expired or already been used. Please contact support.',
};

describe('password setup after a paid checkout', () => {
  it('creates the account, mails a 7-day link, and signs in once the password is set', async () => {
    const email = newEmail('paid');
    const { issued, link, token } = await setupLink(email);
    expect(issued).toMatchObject({ created: true, issued: true });
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.baseUrl}/setup-password`);
    expect(link.searchParams.get('email')).toBe(email);
    const [row] = await sql<{ days: number; code_hash: string }>(
      `SELECT extract(epoch FROM expires_at - created_at) / 86400 AS days, code_hash
       FROM auth.action_codes WHERE user_id = $1 AND purpose = 'password_setup'`,
      [issued.userId],
    );
    expect(Number(row?.days)).toBeCloseTo(7, 3);
    expect(row?.code_hash).not.toContain(token);

    const short = await api('/api/subscription/setup-password', {
      body: { token, password: 'seven77' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({
      code: 'WEAK_PASSWORD',
      message: 'Password must be at least 8 characters long',
    });

    const { status, body } = await api('/api/subscription/setup-password', {
      body: { token, password: 'my first password' },
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const profile = await api('/api/user/profile', { token: body.data.auth_token });
    expect(profile.body.profile.email).toBe(email);

    const again = await api('/api/subscription/setup-password', {
      body: { token, password: 'another password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual(INVALID_TOKEN);
    const signIn = await api('/api/auth/login', {
      body: { email, password: 'my first password' },
    });
    expect(signIn.status).toBe(200);
  });

  it('mails once per checkout however often billing asks', async () => {
    const email = newEmail('twice');
    const key = `cs_test_${randomUUID()}`;
    const first = await setupLink(email, key);
    const { billingBus } = await import('./accounts.js');
    const second = await billingBus().send(
      'auth.password-setup.issue.v1',
      { email, idempotencyKey: key },
      { requestId: 'test' },
    );
    // A replay still says the checkout created the account (billing decides on it).
    expect(second).toEqual({
      userId: first.issued.userId,
      created: true,
      preExisting: false,
      issued: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsFor(email, 'setup-password')).toHaveLength(1);
  });

  it('gives an existing account that can sign in no link, and says it pre-existed', async () => {
    const account = await newAccount();
    const before = (await mailsFor(account.email, 'setup-password')).length;
    const { billingBus } = await import('./accounts.js');
    const issued = await billingBus().send(
      'auth.password-setup.issue.v1',
      { email: account.email, idempotencyKey: `checkout:${randomUUID()}` },
      { requestId: 'test' },
    );
    expect(issued).toEqual({
      userId: account.userId,
      created: false,
      preExisting: true,
      issued: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsFor(account.email, 'setup-password')).toHaveLength(before);
    const login = await api('/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses expired, made-up and missing tokens', async () => {
    const email = newEmail('late');
    const { issued, token } = await setupLink(email);
    await sql(
      `UPDATE auth.action_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [issued.userId],
    );
    for (const candidate of [token, 'A'.repeat(43)]) {
      const { status, body } = await api('/api/subscription/setup-password', {
        body: { token: candidate, password: 'long enough password' },
      });
      expect(status).toBe(400);
      expect(body.error).toEqual(INVALID_TOKEN);
    }
    const missing = await api('/api/subscription/setup-password', {
      body: { password: 'long enough password' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Setup token is missing');
  });
});
