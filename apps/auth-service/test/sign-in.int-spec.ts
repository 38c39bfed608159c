import { afterAll, describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api } from '@snaptrack/testing';
import { closeBus, median, newAccount, newEmail, newIp, timed } from './accounts.js';

afterAll(closeBus);

function login(email: string, password: string, ip: string) {
  return timed(() =>
    api('/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } }),
  );
}

describe('sign-in limits', () => {
  it('locks an address after 10 failures, known or not, even for the right password', async () => {
    const account = await newAccount();
    for (const email of [account.email, newEmail('ghost')]) {
      for (let i = 0; i < 10; i += 1) {
        const { result } = await login(email, `wrong-${i}`, newIp());
        expect(result.body.error.code).toBe('INVALID_CREDENTIALS');
      }
      const locked = await login(email, account.password, newIp());
      expect(locked.result.status).toBe(429);
      expect(locked.result.body.error.code).toBe('RATE_LIMITED');
      expect(locked.result.body.error.message).toMatch(
        /^Too many failed sign-in attempts\. Please try again in 1[45] minutes\.$/,
      );
      expect(locked.result.body.error.details.scope).toBe('account');
    }
  });

  it('clears the address counter after a successful sign-in', async () => {
    const account = await newAccount();
    for (let i = 0; i < 9; i += 1) await login(account.email, 'wrong password', newIp());
    expect((await login(account.email, account.password, newIp())).result.status).toBe(200);
    for (let i = 0; i < 9; i += 1) await login(account.email, 'wrong password', newIp());
    expect((await login(account.email, account.password, newIp())).result.status).toBe(200);
  });

  it('blocks a client address after 30 failures across addresses', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) await login(newEmail('spray'), 'password1', ip);
    const blocked = await login(DemoAccount.email, DemoAccount.password, ip);
    expect(blocked.result.status).toBe(429);
    expect(blocked.result.body.error.details.scope).toBe('ip');
    // Another client is not affected.
    expect((await login(DemoAccount.email, DemoAccount.password, newIp())).result.status).toBe(200);
  });

  it('answers a wrong password and an unknown address in the same time', async () => {
    const account = await newAccount();
    const wrong: number[] = [];
    const unknown: number[] = [];
    const tryWrong = async (i: number) => (await login(account.email, `nope-${i}`, newIp())).ms;
    const tryUnknown = async (i: number) =>
      (await login(newEmail('ghost'), `nope-${i}`, newIp())).ms;
    // One of each first, unmeasured: the new account's own events are still being handled.
    await tryWrong(0);
    await tryUnknown(0);
    // Each pair in turn the other way round, so whatever slows the first (or the second) of
    // two requests on a busy machine slows both kinds alike. Nine pairs stay under the limit
    // of ten failures per address.
    for (let i = 1; i <= 8; i += 1) {
      if (i % 2 === 0) {
        wrong.push(await tryWrong(i));
        unknown.push(await tryUnknown(i));
      } else {
        unknown.push(await tryUnknown(i));
        wrong.push(await tryWrong(i));
      }
    }
    const fastest = (times: number[]) => Math.min(...times);
    process.stdout.write(
      `login times: wrong password fastest ${fastest(wrong).toFixed(0)} ms, median ${median(wrong).toFixed(0)} ms; ` +
        `unknown email fastest ${fastest(unknown).toFixed(0)} ms, median ${median(unknown).toFixed(0)} ms\n`,
    );
    // An unknown address verifies against a decoy hash, so it costs a full argon2 verify like
    // a wrong password. Without the decoy it would answer in a fraction of that time. The
    // fastest of each kind is compared: on a busy machine (other test shards, their browsers)
    // a burst can slow most of a few requests of one kind, never make one faster than its work.
    expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) * 0.6);
    expect(fastest(wrong)).toBeGreaterThan(fastest(unknown) * 0.6);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account', async () => {
    const account = await newAccount();
    const other = await api('/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    const { status } = await api('/api/auth/logout-everywhere', {
      method: 'POST',
      token: account.token,
    });
    expect(status).toBe(200);
    for (const token of [account.token, other.body.token as string]) {
      expect((await api('/api/user/profile', { token })).status).toBe(401);
    }
  });
});

describe('sign-in methods', () => {
  it('gives anonymous callers the same answer for every address', async () => {
    const account = await newAccount();
    const known = await api(`/api/auth/sign-in-methods?email=${account.email}`);
    const unknown = await api(`/api/auth/sign-in-methods?email=${newEmail('ghost')}`);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, methods: ['password', 'google', 'apple'] });
  });

  it("gives a signed-in caller the account's own methods", async () => {
    const account = await newAccount();
    const { body } = await api('/api/auth/sign-in-methods', { token: account.token });
    expect(body).toEqual({ success: true, methods: ['password'] });
  });

  it('tells the web app which buttons to show', async () => {
    const { body } = await api('/api/auth/providers');
    expect(body).toEqual({
      success: true,
      providers: { password: true, google: true, apple: true },
    });
  });
});
