import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { api } from '@snaptrack/testing';
import { closeBus, newAccount, sql } from './accounts.js';

afterAll(closeBus);

const fresh = () => `u${randomUUID().slice(0, 8)}`;

function check(token: string, username: string) {
  return api('/api/username/check', { token, body: { username } });
}

function assign(token: string, username: string) {
  return api('/api/username/assign', { token, body: { username } });
}

describe('checking a username', () => {
  it('names what is wrong with a bad one', async () => {
    const { token } = await newAccount();
    const cases: [string, string][] = [
      ['ab', 'Username must be at least 3 characters'],
      ['x'.repeat(31), 'Username must be at most 30 characters'],
      ['jane_doe', 'Username can only contain lowercase letters, numbers, hyphens and dots'],
      ['-jane', 'Username must start and end with a letter or number'],
      ['jane..doe', 'Username cannot contain two dots in a row'],
      ['postmaster', 'This username is reserved'],
    ];
    for (const [username, error] of cases) {
      const { status, body } = await check(token, username);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, available: false });
      expect(body.errors).toContain(error);
    }
  });

  it('lowercases, says a free name is available, and offers alternatives to a taken one', async () => {
    const { token } = await newAccount();
    const name = fresh();
    const free = await check(token, ` ${name.toUpperCase()} `);
    expect(free.body).toMatchObject({ available: true, errors: [], username: name });
    expect(free.body.data.available).toBe(true);

    const taken = await check(token, 'demo');
    expect(taken.body.available).toBe(false);
    expect(taken.body.errors).toEqual(['This username is already taken']);
    expect(taken.body.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of taken.body.suggestions as string[]) {
      expect((await check(token, suggestion)).body.available).toBe(true);
    }
  });
});

describe('assigning a username', () => {
  it('sets the receipt address, records history, and holds changes for 24 hours', async () => {
    const { token } = await newAccount();
    const first = fresh();
    const assigned = await assign(token, first);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      success: true,
      username: first,
      snaptrack_email: `${first}@snaptrack.localhost`,
    });
    const profile = await api('/api/user/profile', { token });
    expect(profile.body).toMatchObject({
      email_username: first,
      snaptrack_emails: [`${first}@snaptrack.localhost`],
    });

    const second = fresh();
    const early = await assign(token, second);
    expect(early.status).toBe(429);
    expect(early.body.error).toEqual({
      code: 'USERNAME_COOLDOWN',
      message: 'You can change your username again in 24 hours.',
      details: { remaining_hours: 24 },
    });

    await sql(
      `UPDATE auth.users SET email_username_changed_at = now() - interval '25 hours'
       WHERE email_username = $1`,
      [first],
    );
    expect((await assign(token, second)).status).toBe(200);
    const history = await api('/api/username/history', { token });
    expect(history.body.history).toEqual([
      expect.objectContaining({ old_username: first, new_username: second, changed_by: 'user' }),
      expect.objectContaining({ old_username: null, new_username: first }),
    ]);
  });

  it('refuses a name taken between check and assign, and never hands out a released one', async () => {
    const alice = await newAccount();
    const bob = await newAccount();
    const name = fresh();
    expect((await check(bob.token, name)).body.available).toBe(true);
    expect((await assign(alice.token, name)).status).toBe(200);
    const late = await assign(bob.token, name);
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({
      code: 'USERNAME_TAKEN',
      message: 'This username is already taken',
    });
    // Alice moves on; her old address is still not Bob's to take.
    await sql(
      `UPDATE auth.users SET email_username_changed_at = now() - interval '25 hours'
       WHERE email_username = $1`,
      [name],
    );
    expect((await assign(alice.token, fresh())).status).toBe(200);
    expect((await assign(bob.token, name)).status).toBe(409);
  });

  it('gives exactly one of several concurrent assigns of one name', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => newAccount()));
    const name = fresh();
    const results = await Promise.all(accounts.map(({ token }) => assign(token, name)));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const owners = await sql(`SELECT id FROM auth.users WHERE email_username = $1`, [name]);
    expect(owners).toHaveLength(1);
  });

  it('refuses an invalid name with its reason', async () => {
    const { token } = await newAccount();
    const { status, body } = await assign(token, 'admin');
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'USERNAME_INVALID', message: 'This username is reserved' });
  });
});
