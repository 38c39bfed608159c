import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CurrencyTotals } from '@snaptrack/contracts';
import { ExpensesRepository, type ExpensePatch } from '../../src/expenses/expenses.repository.js';
import { toCurrencyTotals } from '../../src/statistics/currency-totals.js';
import { summarySql } from '../../src/statistics/statistics.sql.js';
import { insertExpenseRows } from './expense-rows.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';

// The running totals per currency, kept by the triggers, checked against a recomputation from
// the expenses after every kind of write; and the summary's SQL over them, run directly.

const user = randomUUID();
let db: MediumDatabase;

beforeAll(async () => {
  db = await createMediumDatabase();
});

afterAll(async () => {
  await db?.drop();
});

/** A query's rows, as node-pg gives them. */
async function query<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[] }> {
  return { rows: await db.dataSource.query<T[]>(sql, params) };
}

/** Each totals table against the same sums computed from the expenses. */
async function expectTotalsMatchExpenses(): Promise<void> {
  const ready = `SELECT *, coalesce("amount" * "exchange_rate", 0) AS "converted"
    FROM "expenses"."expenses" WHERE "status" = 'ready'`;
  const month = `date_trunc('month', e."expense_date")::date`;
  const checks = [
    {
      table: 'daily_totals',
      key: ['user_id', 'expense_date', 'entity_id'],
      computed: ['e."user_id"', 'e."expense_date"', 'e."entity_id"'],
      from: `(${ready}) e`,
    },
    {
      table: 'monthly_vendor_totals',
      key: ['user_id', 'month', 'vendor'],
      computed: ['e."user_id"', month, 'e."vendor"'],
      from: `(${ready}) e`,
    },
    {
      table: 'monthly_tag_totals',
      key: ['user_id', 'month', 'entity_id', 'tag'],
      computed: ['e."user_id"', month, 'e."entity_id"', 't'],
      from: `(${ready}) e, unnest(e."tags") AS t`,
    },
  ];
  for (const { table, key, computed, from } of checks) {
    const groups = [...computed, 'e."currency"', 'e."rate_currency"'];
    const kept = [...key, 'currency', 'rate_currency', 'total', 'count', 'converted']
      .map((column) => `"${column}"`)
      .join(', ');
    const { rows } = await query<{ kept: number; computed: number; same: boolean }>(
      `WITH computed AS (
         SELECT ${groups.join(', ')}, sum(e."amount"), count(*)::int, sum(e."converted")
         FROM ${from} GROUP BY ${groups.map((_, index) => index + 1).join(', ')}
       ),
       kept AS (SELECT ${kept} FROM "expenses"."${table}" WHERE "count" <> 0)
       SELECT (SELECT count(*) FROM kept)::int AS "kept",
         (SELECT count(*) FROM computed)::int AS "computed",
         NOT EXISTS (SELECT * FROM kept EXCEPT SELECT * FROM computed) AS "same"`,
    );
    expect({ table, ...rows[0] }).toEqual({
      table,
      kept: rows[0].computed,
      computed: rows[0].computed,
      same: true,
    });
  }
}

async function insert(
  vendor: string,
  amount: string,
  currency: string,
  date: string,
  tags: string[] = ['Meals'],
): Promise<string> {
  const [id] = await insertExpenseRows(db.dataSource, user, [
    { vendor, amount, currency, expense_date: date, tags },
  ]);
  return id;
}

/** The service's own SQL and mapping. */
async function summary(home: string): Promise<CurrencyTotals> {
  const built = summarySql(user, { start: null, end: null }, home);
  const { rows } = await query<{ totals: Parameters<typeof toCurrencyTotals>[0] }>(
    built.sql,
    built.params,
  );
  return toCurrencyTotals(rows[0].totals, home);
}

const update = (id: string, patch: ExpensePatch) =>
  ExpensesRepository.update(db.dataSource, user, id, patch);

/** A rate entered by hand: its source is 'user' whenever there is one (the pair's check). */
const setRate = (id: string, value: string | null, into: string | null) =>
  update(id, {
    exchange_rate: value,
    rate_currency: into,
    rate_source: value === null ? null : 'user',
  });

describe('running totals per currency', () => {
  let usd: string;
  let myr: string;
  let eur: string;

  it('keep each currency apart on insert', async () => {
    usd = await insert('Diner', '100.00', 'USD', '2026-03-02');
    myr = await insert('Kedai Kopi', '45.10', 'MYR', '2026-03-02');
    eur = await insert('Bäckerei', '20.00', 'EUR', '2026-03-31', ['Meals', 'Travel']);
    await expectTotalsMatchExpenses();
    expect(await summary('USD')).toEqual({
      home_currency: 'USD',
      count: 3,
      totals: [
        { currency: 'USD', total: 100, count: 1, average: 100 },
        { currency: 'EUR', total: 20, count: 1, average: 20 },
        { currency: 'MYR', total: 45.1, count: 1, average: 45.1 },
      ],
      converted: null,
      unconverted_count: 2,
    });
  });

  it('follow rates, currency changes, amounts, status and deletes', async () => {
    const rate = setRate;
    await rate(myr, '0.2', 'USD');
    await rate(eur, '1.1', 'USD');
    await expectTotalsMatchExpenses();
    expect((await summary('USD')).converted).toEqual({
      currency: 'USD',
      total: 131.02,
      count: 3,
      average: 43.67,
    });
    // The rates are into USD: with EUR as home, nothing converts.
    expect(await summary('EUR')).toMatchObject({ converted: null, unconverted_count: 2 });

    await update(myr, { amount: '50.55' });
    await expectTotalsMatchExpenses();
    await update(eur, { currency: 'GBP' });
    await expectTotalsMatchExpenses();
    await rate(eur, null, null);
    await update(usd, { status: 'failed' });
    await expectTotalsMatchExpenses();
    expect(await summary('USD')).toMatchObject({
      count: 2,
      totals: [
        { currency: 'USD', total: 0, count: 0, average: 0 },
        { currency: 'GBP', total: 20, count: 1, average: 20 },
        { currency: 'MYR', total: 50.55, count: 1, average: 50.55 },
      ],
      converted: null,
      unconverted_count: 1,
    });
    await ExpensesRepository.remove(db.dataSource, user, myr);
    await ExpensesRepository.remove(db.dataSource, user, eur);
    await expectTotalsMatchExpenses();
    const { rows } = await query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM "expenses"."daily_totals")
        + (SELECT count(*) FROM "expenses"."monthly_vendor_totals")
        + (SELECT count(*) FROM "expenses"."monthly_tag_totals"))::int AS "n"`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a rate without its currency, of zero, or beyond a million', async () => {
    const id = await insert('Shop', '10.00', 'JPY', '2026-04-01');
    for (const [value, into] of [
      ['2', null],
      [null, 'USD'],
      ['0', 'USD'],
      ['-1', 'USD'],
      ['1000000.0000000001', 'USD'],
    ]) {
      await expect(setRate(id, value, into)).rejects.toThrow();
    }
    await setRate(id, '1000000', 'USD');
    await expectTotalsMatchExpenses();
  });
});
