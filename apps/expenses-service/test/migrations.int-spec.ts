import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { DemoAccount } from '@snaptrack/contracts';

const migrate = path.resolve('apps/expenses-service/dist/database/migrate.js');
const base = new URL(process.env.SNAPTRACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
const databaseName = `${base.pathname.slice(1)}_expenses_migrations`;
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${databaseName}`;

function run(args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [migrate, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl.toString(), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function query<T>(sql: string, url = databaseUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';

beforeAll(async () => {
  await query(`CREATE DATABASE "${databaseName}"`, adminUrl);
});

afterAll(async () => {
  await query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`, adminUrl);
});

describe('expenses migrations and demo seed', () => {
  it('apply once when two migrate steps race, only inside the expenses schema', async () => {
    const [first, second] = await Promise.all([run(), run()]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const tables = await query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    expect(tables.map((t) => `${t.table_schema}.${t.table_name}`)).toEqual([
      'expenses.account_settings',
      'expenses.daily_counts',
      'expenses.daily_totals',
      'expenses.entities',
      'expenses.expenses',
      'expenses.inbox',
      'expenses.migrations',
      'expenses.monthly_tag_totals',
      'expenses.monthly_vendor_totals',
      'expenses.outbox',
      'expenses.receipt_rereads',
      'expenses.tags',
      'expenses.user_versions',
    ]);
  });

  it('seed the demo account once, however often the seed runs', async () => {
    const seeds = await Promise.all([
      run([], { SEED_DEMO: 'true' }),
      run([], { SEED_DEMO: 'true' }),
    ]);
    expect(seeds.map((seed) => seed.code)).toEqual([0, 0]);
    expect(seeds.map((seed) => seed.output).join('')).toContain('demo expenses created');
    expect((await run([], { SEED_DEMO: 'true' })).output).toContain('demo expenses exists');
    const [counts] = await query<{ expenses: number; entities: string[]; tags: number }>(
      `SELECT (SELECT count(*) FROM expenses.expenses WHERE user_id = '${DemoAccount.id}')::int AS expenses,
              (SELECT array_agg(name ORDER BY name) FROM expenses.entities WHERE user_id = '${DemoAccount.id}') AS entities,
              (SELECT count(*) FROM expenses.tags WHERE user_id = '${DemoAccount.id}')::int AS tags`,
    );
    expect(counts.expenses).toBe(61);
    expect(counts.entities).toEqual(['Acme Consulting', 'Personal', 'Side Studio']);
    expect(counts.tags).toBeGreaterThanOrEqual(6);
  });

  // About 40 migrate processes: minutes on a slow machine, hence its own timeout.
  it('revert the migrations one by one and apply them again', async () => {
    const column = () =>
      query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.columns
         WHERE table_schema = 'expenses' AND table_name = 'expenses' AND column_name = 'ocr_job_id'`,
      );
    const totals = async () => {
      const [found] = await query<{ totals: string | null }>(
        `SELECT to_regclass('expenses.daily_totals')::text AS totals`,
      );
      if (!found.totals) return { ...found, same: null };
      const [check] = await query<{ same: boolean }>(
        `SELECT (SELECT sum("total") FROM expenses.daily_totals)
          = (SELECT sum("amount") FROM expenses.expenses WHERE "status" = 'ready') AS same`,
      );
      return { ...found, ...check };
    };
    const countColumn = () =>
      query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.columns
         WHERE table_schema = 'expenses' AND table_name = 'user_versions'
           AND column_name = 'expense_count'`,
      );
    const dayCounts = async () => {
      const [found] = await query<{ table: string | null }>(
        `SELECT to_regclass('expenses.daily_counts')::text AS "table"`,
      );
      if (!found.table) return null;
      const [check] = await query<{ same: boolean }>(
        `SELECT (SELECT coalesce(sum("count"), 0) FROM expenses.daily_counts)
          = (SELECT count(*) FROM expenses.expenses) AS same`,
      );
      return check.same;
    };
    // The version bump fires before the totals and day counts (it serializes a user's writers).
    const insertTriggers = async () =>
      (
        await query<{ name: string }>(
          `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'expenses.expenses'::regclass
           AND NOT tgisinternal AND tgname LIKE 'expenses_insert_%' ORDER BY tgname`,
        )
      ).map((row) => row.name);
    expect(await insertTriggers()).toEqual([
      'expenses_insert_version',
      'expenses_insert_with_day_count',
      'expenses_insert_with_totals',
    ]);
    const emptyTotals = async () =>
      (
        await query<{ n: number }>(
          `SELECT ((SELECT count(*) FROM expenses.daily_totals WHERE "count" = 0)
            + (SELECT count(*) FROM expenses.monthly_vendor_totals WHERE "count" = 0)
            + (SELECT count(*) FROM expenses.monthly_tag_totals WHERE "count" = 0)
            + (SELECT count(*) FROM expenses.daily_counts WHERE "count" = 0))::int AS n`,
        )
      )[0].n;
    // The newest first: RateSourceAndLocale (an expense's rate source and date), MultiCurrency
    // (the home currency's table, the totals' currency keys),
    // ReceiptObjects (an expense's mail_id), then the receipt quota's columns.
    const currencyTable = async () =>
      (
        await query<{ name: string | null }>(
          `SELECT to_regclass('expenses.account_settings')::text AS name`,
        )
      )[0].name;
    /** How many of these columns `expenses.expenses` has (names written here, never input). */
    const expenseColumns = async (...names: string[]) =>
      (
        await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.columns
           WHERE table_schema = 'expenses' AND table_name = 'expenses'
             AND column_name IN (${names.map((name) => `'${name}'`).join(', ')})`,
        )
      )[0].n;
    const mailIdColumn = () => expenseColumns('mail_id');
    const quotaColumns = () => expenseColumns('receipt_bytes', 'receipt_source');
    const reviewColumns = () => expenseColumns('field_evidence', 'reviewed_at');
    const rateSourceColumns = () => expenseColumns('rate_source', 'rate_date');
    const rereadsTable = async () =>
      (
        await query<{ name: string | null }>(
          `SELECT to_regclass('expenses.receipt_rereads')::text AS name`,
        )
      )[0].name;
    const searchColumns = () => expenseColumns('text_language', 'search_vector');
    const fingerprintColumns = () => expenseColumns('image_hash', 'text_hash', 'duplicate_kept');
    const revertNewest = async () => {
      expect(await fingerprintColumns()).toBe(3);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await fingerprintColumns()).toBe(0);
      expect(await searchColumns()).toBe(2);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await searchColumns()).toBe(0);
      expect(await rereadsTable()).toBe('expenses.receipt_rereads');
      expect((await run(['--revert'])).code).toBe(0);
      expect(await rereadsTable()).toBe(null);
      expect(await rateSourceColumns()).toBe(2);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await rateSourceColumns()).toBe(0);
      expect(await currencyTable()).toBe('expenses.account_settings');
      expect((await totals()).same).toBe(true);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await currencyTable()).toBe(null);
      // Rebuilt without the currency keys, the totals still equal the expenses.
      expect((await totals()).same).toBe(true);
      expect(await reviewColumns()).toBe(2);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await reviewColumns()).toBe(0);
      expect(await mailIdColumn()).toBe(1);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await mailIdColumn()).toBe(0);
      expect(await quotaColumns()).toBe(2);
      expect((await run(['--revert'])).code).toBe(0);
      expect(await quotaColumns()).toBe(0);
    };
    await revertNewest();
    expect((await run()).code).toBe(0);
    expect(await quotaColumns()).toBe(2);
    expect(await currencyTable()).toBe('expenses.account_settings');
    await revertNewest();
    // Without the cleanup, deleting rows leaves totals with a count of zero behind; applied
    // again, the migration removes them, and from then on a delete leaves none.
    expect((await run(['--revert'])).code).toBe(0);
    await query(`DELETE FROM expenses.expenses WHERE "id" IN
      (SELECT "id" FROM expenses.expenses ORDER BY "id" LIMIT 5)`);
    expect(await emptyTotals()).toBeGreaterThan(0);
    expect((await run()).code).toBe(0);
    expect(await emptyTotals()).toBe(0);
    await query(`DELETE FROM expenses.expenses WHERE "id" IN
      (SELECT "id" FROM expenses.expenses ORDER BY "id" LIMIT 5)`);
    expect(await emptyTotals()).toBe(0);
    await revertNewest();
    expect((await run(['--revert', '2'])).code).toBe(0);
    expect(await insertTriggers()).toEqual([
      'expenses_insert_day_count',
      'expenses_insert_totals',
      'expenses_insert_version',
    ]);
    expect(await dayCounts()).toBe(true);
    expect((await run(['--revert'])).code).toBe(0);
    expect(await dayCounts()).toBe(null);
    expect((await run(['--revert'])).code).toBe(0);
    expect(await countColumn()).toEqual([{ n: 0 }]);
    // Applied again, the count starts from the rows there are.
    expect((await run()).code).toBe(0);
    const [counted] = await query<{ same: boolean }>(
      `SELECT (SELECT sum("expense_count") FROM expenses.user_versions)
        = (SELECT count(*) FROM expenses.expenses) AS same`,
    );
    expect(counted).toEqual({ same: true });
    expect(await dayCounts()).toBe(true);
    await revertNewest();
    expect((await run(['--revert', '5'])).code).toBe(0);
    expect(await totals()).toEqual({ totals: null, same: null });
    // Applied again over the seeded demo rows, the totals are built from the rows.
    expect((await run()).code).toBe(0);
    expect(await totals()).toEqual({ totals: 'expenses.daily_totals', same: true });
    await revertNewest();
    expect((await run(['--revert', '5'])).code).toBe(0);
    expect(await column()).toEqual([{ n: 1 }]);
    expect((await run(['--revert'])).code).toBe(0);
    expect(await column()).toEqual([{ n: 0 }]);
    expect((await run(['--revert'])).code).toBe(0);
    const [after] = await query<{ expenses: string | null }>(
      `SELECT to_regclass('expenses.expenses')::text AS expenses`,
    );
    expect(after).toEqual({ expenses: null });
    expect((await run()).code).toBe(0);
    expect(await column()).toEqual([{ n: 1 }]);
    expect((await totals()).totals).toBe('expenses.daily_totals');
    expect(await countColumn()).toEqual([{ n: 1 }]);
    expect(await dayCounts()).toBe(true);
    expect(await quotaColumns()).toBe(2);
  }, 600_000);

  it('refuses a revert count it cannot use, before touching the schema', async () => {
    const refused = await run(['--revert', 'all']);
    expect(refused).toEqual({
      code: 64,
      output: 'expenses migrate: --revert takes a number of migrations, 1 to 100\n',
    });
  });
});
