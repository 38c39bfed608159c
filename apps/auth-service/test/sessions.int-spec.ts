import { afterAll, describe, expect, it } from '@jest/globals';
import { ChangePasswordMessages } from '@snaptrack/contracts';
import { api } from '@snaptrack/testing';
import { closeBus, newAccount, sql } from './accounts.js';

afterAll(closeBus);

/** Two devices of one account: the first from the setup link, a second by signing in. */
async function twoSessions() {
  const account = await newAccount();
  const second = await signIn(account.email, account.password);
  expect(second.status).toBe(200);
  return { ...account, first: account.token, second: second.body.token as string };
}

function signIn(email: string, password: string) {
  return api('/api/auth/login', { body: { email, password } });
}

async function profileStatus(token: string): Promise<number> {
  return (await api('/api/user/profile', { token })).status;
}

function changePassword(token: string, current: string, next: string) {
  return api('/api/auth/password', {
    token,
    body: { current_password: current, new_password: next },
  });
}

describe('signing out', () => {
  it('Sign Out ends this session only; the other device stays signed in', async () => {
    const { first, second } = await twoSessions();
    expect((await api('/api/auth/logout', { method: 'POST', token: first })).status).toBe(200);
    const ended = await api('/api/user/profile', { token: first });
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('TOKEN_REVOKED');
    expect(await profileStatus(second)).toBe(200);
  });

  it('Sign out everywhere ends every session of the account', async () => {
    const { first, second, email, password } = await twoSessions();
    const everywhere = await api('/api/auth/logout-everywhere', { method: 'POST', token: first });
    expect(everywhere.status).toBe(200);
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
    const again = await signIn(email, password);
    expect(await profileStatus(again.body.token as string)).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the right current password and a usable new one, in the spec words', async () => {
    const { first, password } = await twoSessions();
    const wrong = await changePassword(first, 'not my password', 'a brand new secret');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(ChangePasswordMessages.wrongCurrent);
    const short = await changePassword(first, password, 'short');
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Password must be at least 8 characters long');
    const same = await changePassword(first, password, password);
    expect(same.body.error.message).toBe(ChangePasswordMessages.sameAsCurrent);
    const missing = await api('/api/auth/password', { token: first, body: { new_password: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain(ChangePasswordMessages.required);
    // Nothing changed: the old password still signs in and both devices are signed in.
    expect(await profileStatus(first)).toBe(200);
  });

  it('ends the other sessions and keeps this device signed in with a new token', async () => {
    const { first, second, email, password } = await twoSessions();
    const changed = await changePassword(first, password, 'a brand new secret');
    expect(changed.status).toBe(200);
    const fresh = changed.body.token as string;
    expect(fresh).toEqual(expect.any(String));
    expect(await profileStatus(fresh)).toBe(200);
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(401);
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, 'a brand new secret')).status).toBe(200);
  });

  it('refuses an account without a password, with the way to get one', async () => {
    const { first, userId, password } = await twoSessions();
    await sql(`UPDATE "auth"."users" SET "password_hash" = NULL WHERE "id" = $1`, [userId]);
    const refused = await changePassword(first, password, 'a brand new secret');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(ChangePasswordMessages.noPassword);
  });
});
