import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { CurrencyTotals } from '@snaptrack/contracts';

// The running totals per currency, kept by the triggers, checked against a recomputation from
// the expenses after every kind of write; and the summary's SQL over them, run directly.

const dist = path.resolve('apps/expenses-service/dist');
const migrate = path.join(dist, 'database/migrate.js');
const base = new URL(process.env.SNAPTRACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
const databaseName = `${base.pathname.slice(1)}_expenses_currency`;
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${databaseName}`;
const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';

const user = randomUUID();
let client: pg.Client;

async function admin(sql: string): Promise<void> {
  const connection = new pg.Client({ connectionString: adminUrl.toString() });
  await connection.connect();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${databaseName}"`);
  const run = spawnSync(process.execPath, [migrate], {
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl.toString() },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

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
    const { rows } = await client.query<{ kept: number; computed: number; same: boolean }>(
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
  const id = randomUUID();
  await client.query(
    `INSERT INTO "expenses"."expenses" ("id", "user_id", "vendor", "amount", "currency",
       "expense_date", "tags", "extraction_method")
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'manual')`,
    [id, user, vendor, amount, currency, date, tags],
  );
  return id;
}

type SqlModule = typeof import('../src/statistics/statistics.sql.js');
type TotalsModule = typeof import('../src/statistics/currency-totals.js');

/** The service's own SQL and mapping, from its build. */
async function summary(home: string): Promise<CurrencyTotals> {
  const sql = (await import(path.join(dist, 'statistics/statistics.sql.js'))) as SqlModule;
  const totals = (await import(path.join(dist, 'statistics/currency-totals.js'))) as TotalsModule;
  const built = sql.summarySql(user, { start: null, end: null }, home);
  const { rows } = await client.query<{ totals: Parameters<TotalsModule['toCurrencyTotals']>[0] }>(
    built.sql,
    built.params,
  );
  return totals.toCurrencyTotals(rows[0].totals, home);
}

/** A rate entered by hand: its source is 'user' whenever there is one (the pair's check). */
const SET_RATE = `UPDATE "expenses"."expenses" SET "exchange_rate" = $2::numeric,
  "rate_currency" = $3, "rate_source" = CASE WHEN $2 IS NULL THEN NULL ELSE 'user' END
  WHERE "id" = $1`;

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
    const rate = (id: string, value: string | null, into: string | null) =>
      client.query(SET_RATE, [id, value, into]);
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

    await client.query(`UPDATE "expenses"."expenses" SET "amount" = 50.55 WHERE "id" = $1`, [myr]);
    await expectTotalsMatchExpenses();
    await client.query(`UPDATE "expenses"."expenses" SET "currency" = 'GBP' WHERE "id" = $1`, [
      eur,
    ]);
    await expectTotalsMatchExpenses();
    await rate(eur, null, null);
    await client.query(`UPDATE "expenses"."expenses" SET "status" = 'failed' WHERE "id" = $1`, [
      usd,
    ]);
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
    await client.query(`DELETE FROM "expenses"."expenses" WHERE "id" = ANY($1)`, [[myr, eur]]);
    await expectTotalsMatchExpenses();
    const { rows } = await client.query<{ n: number }>(
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
      await expect(client.query(SET_RATE, [id, value, into])).rejects.toThrow();
    }
    await client.query(SET_RATE, [id, '1000000', 'USD']);
    await expectTotalsMatchExpenses();
  });
});
