import { beforeAll, describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, createTestAccount, type TestAccount } from '@snaptrack/testing';
import {
  allRows,
  expectedStatistics,
  expectedSummary,
  statisticsRange,
  summaryRange,
  todayIn,
} from './support/brute-force.js';
import { insertExpenses, shiftDate, spreadAround } from './support/expense-fixtures.js';

let demo: string;
let other: TestAccount;
let empty: TestAccount;

beforeAll(async () => {
  const login = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  demo = login.body.token;
  other = await createTestAccount('stats');
  empty = await createTestAccount('stats-empty');
  for (const name of ['Personal', 'Northwind']) {
    expect((await api('/api/entities', { token: other.token, body: { name } })).status).toBe(201);
  }
  await insertExpenses(
    other.id,
    spreadAround(todayIn('UTC'), ['Personal', 'Northwind', null, 'Northwind']),
  );
});

// Kiritimati (UTC+14) and Pago Pago (UTC-11) are on different dates most of the day, so the
// period boundaries move across the fixture's rows.
const zones = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const users = () => [
  ['demo', demo],
  ['second user', other.token],
  ['empty account', empty.token],
];

describe('GET /api/expenses/summary', () => {
  it.each(zones)('equals a brute-force sum over the rows for every period (tz %s)', async (tz) => {
    for (const [, token] of users()) {
      const rows = await allRows(token);
      for (const period of ['today', 'week', 'month', 'all']) {
        const range = summaryRange(period, todayIn(tz));
        const { status, body } = await api(
          `/api/expenses/summary?period=${period}&tz=${encodeURIComponent(tz)}`,
          { token },
        );
        expect(status).toBe(200);
        expect(body).toEqual({
          success: true,
          period,
          start_date: range.start,
          end_date: range.end,
          ...expectedSummary(rows, range),
        });
      }
    }
  });

  it('defaults to This Month in UTC', async () => {
    const { body } = await api('/api/expenses/summary', { token: other.token });
    expect(body.period).toBe('month');
    expect(body.start_date).toBe(`${todayIn('UTC').slice(0, 7)}-01`);
  });

  it('counts only finished expenses of the caller', async () => {
    const rows = await allRows(other.token);
    expect(rows.some((row) => row.status === 'processing')).toBe(true);
    const { body } = await api('/api/expenses/summary?period=all', { token: other.token });
    expect(body.count).toBe(rows.filter((row) => row.status === 'ready').length);
    const empties = await api('/api/expenses/summary?period=all', { token: empty.token });
    expect(empties.body).toMatchObject({
      home_currency: 'USD',
      count: 0,
      totals: [{ currency: 'USD', total: 0, count: 0, average: 0 }],
      converted: null,
      unconverted_count: 0,
    });
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
  it.each(zones)('equals a brute-force computation for every period (tz %s)', async (tz) => {
    for (const [, token] of users()) {
      const rows = await allRows(token);
      const today = todayIn(tz);
      for (const period of ['today', 'week', 'month', 'year', 'all']) {
        const range = statisticsRange(period, today);
        const { status, body } = await api(
          `/api/statistics?period=${period}&tz=${encodeURIComponent(tz)}`,
          { token },
        );
        expect(status).toBe(200);
        expect(body).toEqual({
          success: true,
          period,
          start_date: range.start,
          end_date: range.end,
          ...expectedStatistics(rows, range, today),
        });
      }
    }
  });

  it('has data to compare: every period of the second user has expenses, with ties and tags', async () => {
    for (const period of ['today', 'week', 'month', 'year', 'all']) {
      const { body } = await api(`/api/statistics?period=${period}&tz=UTC`, {
        token: other.token,
      });
      expect(body.count).toBeGreaterThan(0);
    }
    const { body } = await api('/api/statistics?period=all&tz=UTC', { token: other.token });
    expect(body.series.granularity).toBe('month');
    expect(body.entities.map((entity: { entity: string }) => entity.entity).sort()).toEqual([
      'Northwind',
      'Personal',
      'Unassigned',
    ]);
    expect(body.top_tags.length).toBeGreaterThan(3);
    const year = await api('/api/statistics?period=year&tz=UTC', { token: other.token });
    expect(year.body.series.granularity).toBe('week');
    expect(year.body.series.points[0].date <= year.body.start_date).toBe(true);
  });

  it('shows nothing of one account to another', async () => {
    const { body } = await api('/api/statistics?period=all', { token: other.token });
    const vendors = body.top_vendors.map((vendor: { vendor: string }) => vendor.vendor);
    expect(vendors).not.toContain('Starbucks');
    expect(body.entities.map((entity: { entity: string }) => entity.entity)).not.toContain(
      'Acme Consulting',
    );
  });

  it('refuses an unknown period or time zone', async () => {
    const period = await api('/api/statistics?period=decade', { token: demo });
    expect(period.status).toBe(400);
    expect(period.body.error.message).toBe('period must be one of today, week, month, year, all.');
    expect((await api('/api/statistics?tz=Nowhere', { token: demo })).status).toBe(400);
    expect((await api('/api/statistics?period=all&extra=1', { token: demo })).status).toBe(400);
  });
});

describe('after changes', () => {
  it('serves nothing stale: summary, statistics and counts follow edits, deletions and new rows', async () => {
    const today = todayIn('UTC');
    const check = async () => {
      const rows = await allRows(other.token);
      const summary = await api('/api/expenses/summary?period=all&tz=UTC', { token: other.token });
      expect(summary.body).toMatchObject(expectedSummary(rows, { start: null, end: null }));
      const stats = await api('/api/statistics?period=year&tz=UTC', { token: other.token });
      expect(stats.body).toMatchObject(
        expectedStatistics(rows, statisticsRange('year', today), today),
      );
      const list = await api('/api/expenses?limit=10', { token: other.token });
      expect(list.body.pagination.total_count).toBe(rows.length);
      return list.body.expenses as { id: string }[];
    };
    const [first, second] = await check();
    await api(`/api/expenses/${first.id}`, {
      method: 'PATCH',
      token: other.token,
      body: { amount: 4321.09, entity: 'Personal', tags: ['alpha', 'zulu'] },
    });
    await check();
    await api(`/api/expenses/${second.id}`, { method: 'DELETE', token: other.token });
    await check();
    await insertExpenses(other.id, [
      { vendor: 'Ginkgo', cents: 777, date: today, entity: 'Northwind', tags: ['zulu'] },
    ]);
    await check();
  });

  // The summary and statistics read running totals kept by triggers: every kind of change
  // must move them, and each period is compared again (not only All Time and the year).
  it('keeps the totals exact through date moves, vendor and tag edits, hand-filled failed rows and entity removal', async () => {
    const account = await createTestAccount('stats-changes');
    for (const name of ['Personal', 'Harbor']) {
      expect((await api('/api/entities', { token: account.token, body: { name } })).status).toBe(
        201,
      );
    }
    const today = todayIn('UTC');
    await insertExpenses(account.id, spreadAround(today, ['Harbor', 'Personal', null]));
    const [failed] = await insertExpenses(account.id, [
      { vendor: 'Oak', cents: 0, date: today, entity: 'Harbor', tags: ['echo'], status: 'failed' },
    ]);
    const checkAll = async () => {
      const rows = await allRows(account.token);
      for (const period of ['today', 'week', 'month', 'year', 'all']) {
        const range = statisticsRange(period, today);
        const { body } = await api(`/api/statistics?period=${period}&tz=UTC`, {
          token: account.token,
        });
        expect(body).toMatchObject(expectedStatistics(rows, range, today));
      }
      for (const period of ['today', 'week', 'month', 'all']) {
        const { body } = await api(`/api/expenses/summary?period=${period}&tz=UTC`, {
          token: account.token,
        });
        expect(body).toMatchObject(expectedSummary(rows, summaryRange(period, today)));
      }
      return rows;
    };
    await checkAll();
    const list = await api('/api/expenses?limit=100', { token: account.token });
    const ready = list.body.expenses.filter((e: { status: string }) => e.status === 'ready');
    const edits = [
      { expense_date: shiftDate(today, -400), vendor: 'acorn' },
      { expense_date: today, tags: ['Bravo', 'new-tag'] },
      { vendor: '', entity: null },
      { amount: 0.01, entity: 'Harbor' },
    ];
    for (const [index, changes] of edits.entries()) {
      const edited = await api(`/api/expenses/${ready[index].id}`, {
        method: 'PATCH',
        token: account.token,
        body: changes,
      });
      expect(edited.status).toBe(200);
      await checkAll();
    }
    // A failed row filled in by hand becomes ready and starts counting.
    const filled = await api(`/api/expenses/${failed}`, {
      method: 'PATCH',
      token: account.token,
      body: { amount: 12.34 },
    });
    expect(filled.body.expense.status).toBe('ready');
    await checkAll();
    const entities = await api('/api/entities', { token: account.token });
    const harbor = entities.body.entities.find((e: { name: string }) => e.name === 'Harbor');
    expect(
      (await api(`/api/entities/${harbor.id}`, { method: 'DELETE', token: account.token })).status,
    ).toBe(200);
    const rows = await checkAll();
    expect(rows.some((row) => row.entity === 'Harbor')).toBe(false);
    for (const expense of list.body.expenses.slice(0, 5)) {
      await api(`/api/expenses/${expense.id}`, { method: 'DELETE', token: account.token });
    }
    await checkAll();
  });
});
