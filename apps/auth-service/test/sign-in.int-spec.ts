import { afterAll, describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, metricValue, scrapeMetrics } from '@snaptrack/testing';
import { closeBus, median, newAccount, newEmail, newIp, timed } from './accounts.js';

afterAll(closeBus);

/** The CPU seconds auth's process has spent so far (its /metrics). */
async function authCpuSeconds(): Promise<number> {
  return metricValue((await scrapeMetrics('auth')).samples, 'process_cpu_seconds_total');
}

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

  it('spends the same work on a wrong password and an unknown address', async () => {
    const account = await newAccount();
    const tryWrong = (i: number) => login(account.email, `nope-${i}`, newIp());
    const tryUnknown = (i: number) => login(newEmail('ghost'), `nope-${i}`, newIp());
    // One of each first, unmeasured: the new account's own events are still being handled.
    await tryWrong(0);
    await tryUnknown(0);
    // What auth spends, in CPU seconds of its own process: wall time on a busy 2-core machine
    // measures the neighbours (other shards, their browsers) more than the request. Batches in
    // turn (wrong, unknown, wrong, unknown) so that auth's own background work falls on both
    // kinds alike; eight of each keep the address under its limit of ten failures.
    const cpu = { wrong: 0, unknown: 0 };
    const wall = { wrong: [] as number[], unknown: [] as number[] };
    for (let batch = 0; batch < 4; batch += 1) {
      const kind = batch % 2 === 0 ? 'wrong' : 'unknown';
      const before = await authCpuSeconds();
      for (let i = 1; i <= 4; i += 1) {
        const { ms } = await (kind === 'wrong' ? tryWrong : tryUnknown)(batch * 4 + i);
        wall[kind].push(ms);
      }
      cpu[kind] += (await authCpuSeconds()) - before;
    }
    process.stdout.write(
      `login work: wrong password ${(cpu.wrong * 1000).toFixed(0)} CPU ms (median ${median(wall.wrong).toFixed(0)} ms), ` +
        `unknown email ${(cpu.unknown * 1000).toFixed(0)} CPU ms (median ${median(wall.unknown).toFixed(0)} ms), eight each\n`,
    );
    // An unknown address verifies against a decoy hash, so it costs a full argon2 verify (about
    // 20–60 ms of CPU) like a wrong password; without the decoy it would cost a few
    // milliseconds, a fraction of the other.
    expect(cpu.unknown).toBeGreaterThan(cpu.wrong * 0.6);
    expect(cpu.wrong).toBeGreaterThan(cpu.unknown * 0.6);
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
