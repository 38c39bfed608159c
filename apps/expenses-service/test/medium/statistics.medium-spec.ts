import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DemoAccount, type StatisticsPeriod, type SummaryPeriod } from '@snaptrack/contracts';
import { ExpensesRepository } from '../../src/expenses/expenses.repository.js';
import { seedDemoExpenses } from '../../src/seed/seed-demo.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';
import { expensesServices, newAccount } from './expenses-services.js';
import {
  expectedStatistics,
  expectedSummary,
  shiftDate,
  spreadAround,
  statisticsRange,
  summaryRange,
  todayIn,
  type FixtureExpense,
  type Row,
} from './statistics-oracle.js';

// The summary and statistics against a brute-force computation over the rows the list gives,
// for every period and in time zones on different dates, also after every kind of change (they
// read running totals kept by triggers). The routes' validation is the gateway's
// (gateway/test/statistics.int-spec.ts).

let db: MediumDatabase;
let services: ReturnType<typeof expensesServices>;
let other: string;
let empty: string;

async function addFixtures(userId: string, rows: FixtureExpense[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const expense = await services.expenses.createExpense(userId, {
      vendor: row.vendor,
      amount: (row.cents / 100).toFixed(2),
      expenseDate: row.date,
      entity: row.entity,
      tags: row.tags,
      status: row.status ?? 'ready',
      extractionMethod: 'image',
      ocrConfidence: 0.9,
    });
    ids.push(expense.id);
  }
  return ids;
}

/** Every expense of the account, through the list. */
async function allRows(userId: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const list = await services.expenses.list(userId, { page, limit: 100 });
    for (const expense of list.expenses) {
      rows.push({
        vendor: expense.vendor,
        cents: Math.round(expense.amount * 100),
        date: expense.expense_date,
        entity: expense.entity,
        tags: expense.tags,
        status: expense.status,
        taxCents: expense.tax_amount === null ? null : Math.round(expense.tax_amount * 100),
      });
    }
    if (!list.pagination.has_next_page) return rows;
  }
}

beforeAll(async () => {
  db = await createMediumDatabase();
  services = expensesServices(db.dataSource);
  await seedDemoExpenses(db.dataSource);
  other = await newAccount(db.dataSource);
  empty = await newAccount(db.dataSource);
  await services.entities.create(other, 'Northwind');
  await addFixtures(
    other,
    spreadAround(todayIn('UTC'), ['Personal', 'Northwind', null, 'Northwind']),
  );
});

afterAll(async () => {
  await db?.drop();
});

// Kiritimati (UTC+14) and Pago Pago (UTC-11) are on different dates most of the day, so the
// period boundaries move across the fixture's rows.
const zones = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const users = () => [DemoAccount.id, other, empty];
const summaryPeriods: SummaryPeriod[] = ['today', 'week', 'month', 'all'];
const statisticsPeriods: StatisticsPeriod[] = ['today', 'week', 'month', 'year', 'all'];

describe('the summary', () => {
  it.each(zones)('equals a brute-force sum over the rows for every period (tz %s)', async (tz) => {
    for (const userId of users()) {
      const rows = await allRows(userId);
      for (const period of summaryPeriods) {
        const range = summaryRange(period, todayIn(tz));
        expect(await services.statistics.summary(userId, period, tz)).toEqual({
          success: true,
          period,
          start_date: range.start,
          end_date: range.end,
          ...expectedSummary(rows, range),
        });
      }
    }
  });

  it('counts only finished expenses of the caller', async () => {
    const rows = await allRows(other);
    expect(rows.some((row) => row.status === 'processing')).toBe(true);
    const summary = await services.statistics.summary(other, 'all', undefined);
    expect(summary.count).toBe(rows.filter((row) => row.status === 'ready').length);
    expect(await services.statistics.summary(empty, 'all', undefined)).toMatchObject({
      home_currency: 'USD',
      count: 0,
      totals: [{ currency: 'USD', total: 0, count: 0, average: 0 }],
      converted: null,
      unconverted_count: 0,
    });
  });
});

describe('the statistics', () => {
  it.each(zones)('equal a brute-force computation for every period (tz %s)', async (tz) => {
    for (const userId of users()) {
      const rows = await allRows(userId);
      const today = todayIn(tz);
      for (const period of statisticsPeriods) {
        const range = statisticsRange(period, today);
        expect(await services.statistics.statistics(userId, period, tz)).toEqual({
          success: true,
          period,
          start_date: range.start,
          end_date: range.end,
          ...expectedStatistics(rows, range, today),
        });
      }
    }
  });

  it('have data to compare: every period of the second user has expenses, with ties and tags', async () => {
    for (const period of statisticsPeriods) {
      expect((await services.statistics.statistics(other, period, 'UTC')).count).toBeGreaterThan(0);
    }
    const all = await services.statistics.statistics(other, 'all', 'UTC');
    expect(all.series.granularity).toBe('month');
    expect(all.entities.map((entity) => entity.entity).sort()).toEqual([
      'Northwind',
      'Personal',
      'Unassigned',
    ]);
    expect(all.top_tags.length).toBeGreaterThan(3);
    const year = await services.statistics.statistics(other, 'year', 'UTC');
    expect(year.series.granularity).toBe('week');
    expect(year.series.points[0].date <= year.start_date!).toBe(true);
  });

  it('show nothing of one account to another', async () => {
    const all = await services.statistics.statistics(other, 'all', undefined);
    expect(all.top_vendors.map((vendor) => vendor.vendor)).not.toContain('Starbucks');
    expect(all.entities.map((entity) => entity.entity)).not.toContain('Acme Consulting');
    const demo = await services.statistics.statistics(DemoAccount.id, 'all', undefined);
    expect(demo.entities.map((entity) => entity.entity)).toContain('Acme Consulting');
  });
});

describe('after changes', () => {
  it('serve nothing stale: summary, statistics and counts follow edits, deletions and new rows', async () => {
    const today = todayIn('UTC');
    const check = async () => {
      const rows = await allRows(other);
      expect(await services.statistics.summary(other, 'all', 'UTC')).toMatchObject(
        expectedSummary(rows, { start: null, end: null }),
      );
      expect(await services.statistics.statistics(other, 'year', 'UTC')).toMatchObject(
        expectedStatistics(rows, statisticsRange('year', today), today),
      );
      const list = await services.expenses.list(other, { limit: 10 });
      expect(list.pagination.total_count).toBe(rows.length);
      return list.expenses;
    };
    const [first, second] = await check();
    await services.expenses.update(other, first.id, {
      amount: 4321.09,
      entity: 'Personal',
      tags: ['alpha', 'zulu'],
    });
    await check();
    await ExpensesRepository.remove(db.dataSource, other, second.id);
    await check();
    await addFixtures(other, [
      { vendor: 'Ginkgo', cents: 777, date: today, entity: 'Northwind', tags: ['zulu'] },
    ]);
    await check();
  });

  // Every kind of change must move the running totals, and each period is compared again.
  it('keep the totals exact through date moves, vendor and tag edits, hand-filled failed rows and entity removal', async () => {
    const account = await newAccount(db.dataSource);
    const harbor = await services.entities.create(account, 'Harbor');
    const today = todayIn('UTC');
    await addFixtures(account, spreadAround(today, ['Harbor', 'Personal', null]));
    const [failed] = await addFixtures(account, [
      { vendor: 'Oak', cents: 0, date: today, entity: 'Harbor', tags: ['echo'], status: 'failed' },
    ]);
    const checkAll = async () => {
      const rows = await allRows(account);
      for (const period of statisticsPeriods) {
        expect(await services.statistics.statistics(account, period, 'UTC')).toMatchObject(
          expectedStatistics(rows, statisticsRange(period, today), today),
        );
      }
      for (const period of summaryPeriods) {
        expect(await services.statistics.summary(account, period, 'UTC')).toMatchObject(
          expectedSummary(rows, summaryRange(period, today)),
        );
      }
      return rows;
    };
    await checkAll();
    const list = await services.expenses.list(account, { limit: 100 });
    const ready = list.expenses.filter((e) => e.status === 'ready');
    const edits = [
      { expense_date: shiftDate(today, -400), vendor: 'acorn' },
      { expense_date: today, tags: ['Bravo', 'new-tag'] },
      { vendor: '', entity: null },
      { amount: 0.01, entity: 'Harbor' },
    ];
    for (const [index, changes] of edits.entries()) {
      await services.expenses.update(account, ready[index].id, changes);
      await checkAll();
    }
    // A failed row filled in by hand becomes ready and starts counting.
    const filled = await services.expenses.update(account, failed, { amount: 12.34 });
    expect(filled.status).toBe('ready');
    await checkAll();
    await services.entities.remove(account, harbor.id);
    const rows = await checkAll();
    expect(rows.some((row) => row.entity === 'Harbor')).toBe(false);
    for (const expense of list.expenses.slice(0, 5)) {
      await ExpensesRepository.remove(db.dataSource, account, expense.id);
    }
    await checkAll();
    // Expenses without a date: in no period, counted apart, until they are dated.
    const undated = await services.expenses.createExpense(account, {
      vendor: 'Nodate Deli',
      amount: '55.00',
      tags: ['echo'],
      extractionMethod: 'image',
    });
    await services.expenses.createExpense(account, {
      vendor: 'Nodate Deli',
      amount: '5.00',
      entity: 'Personal',
      extractionMethod: 'image',
    });
    expect(undated.expense_date).toBeNull();
    expect((await checkAll()).filter((row) => row.date === null)).toHaveLength(2);
    expect(await services.statistics.summary(account, 'all', 'UTC')).toMatchObject({
      undated_count: 2,
    });
    await services.expenses.update(account, undated.id, { expense_date: today });
    await checkAll();
    await ExpensesRepository.remove(db.dataSource, account, undated.id);
    expect(await services.statistics.summary(account, 'all', 'UTC')).toMatchObject({
      undated_count: 1,
    });
    await checkAll();
  });
});
