import { beforeAll, describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, createTestAccount, type TestAccount } from '@snaptrack/testing';
import { todayIn } from './support/brute-force.js';

// The routes' defaults, validation and auth. The numbers (a brute-force oracle for every period
// and time zone, after every kind of change) are expenses-service's:
// apps/expenses-service/test/medium/statistics.medium-spec.ts.

let demo: string;
let other: TestAccount;

beforeAll(async () => {
  const login = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  demo = login.body.token;
  other = await createTestAccount('stats');
});

describe('GET /api/expenses/summary', () => {
  it('defaults to This Month in UTC', async () => {
    const { body } = await api('/api/expenses/summary', { token: other.token });
    expect(body.period).toBe('month');
    expect(body.start_date).toBe(`${todayIn('UTC').slice(0, 7)}-01`);
  });

  it('refuses an unknown period or time zone with a clear message', async () => {
    const period = await api('/api/expenses/summary?period=year', { token: demo });
    expect(period.status).toBe(400);
    expect(period.body.error.message).toBe('period must be one of today, week, month, all.');
    const tz = await api('/api/expenses/summary?period=today&tz=Mars%2FOlympus', { token: demo });
    expect(tz.status).toBe(400);
    expect(tz.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'tz must be an IANA time zone such as America/Chicago.',
      details: { fields: ['tz'] },
    });
  });

  it('needs a token', async () => {
    expect((await api('/api/expenses/summary')).status).toBe(401);
  });
});

describe('GET /api/statistics', () => {
  it("answers with the caller's statistics, This Month by default", async () => {
    const { status, body } = await api('/api/statistics', { token: demo });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, period: 'month', end_date: todayIn('UTC') });
    expect(body.count).toBeGreaterThan(0);
  });

  it('refuses an unknown period or time zone', async () => {
    const period = await api('/api/statistics?period=decade', { token: demo });
    expect(period.status).toBe(400);
    expect(period.body.error.message).toBe('period must be one of today, week, month, year, all.');
    expect((await api('/api/statistics?tz=Nowhere', { token: demo })).status).toBe(400);
    expect((await api('/api/statistics?period=all&extra=1', { token: demo })).status).toBe(400);
  });
});
