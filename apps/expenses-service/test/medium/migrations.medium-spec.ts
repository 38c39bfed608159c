import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DemoAccount } from '@snaptrack/contracts';
import { migrateSchema, revertMigrations } from '@snaptrack/nest-database';
import { EXPENSES_SCHEMA } from '../../src/config/env.js';
import { seedDemoExpenses } from '../../src/seed/seed-demo.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';

// The expenses migrations walked down and up again over the demo rows, in process with the
// service's real migrations: what `migrate.js --revert [N]` and `migrate.js` do, without a
// process per step. The migrate step as a process (two racing, the seed, a refused count) is
// tested in ../migrations.int-spec.ts.

let db: MediumDatabase;

beforeAll(async () => {
  db = await createMediumDatabase();
  expect(await seedDemoExpenses(db.dataSource)).toBe('created');
  const [seeded] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM expenses.expenses WHERE user_id = '${DemoAccount.id}'`,
  );
  expect(seeded.n).toBe(61);
});

afterAll(async () => {
  await db?.drop();
});

/**
 * One statement on a connection of its own with Postgres's default search path, as an operator's
 * psql would (the data source's connections search the expenses schema first).
 */
async function query<T>(sql: string): Promise<T[]> {
  const client = new pg.Client({
    connectionString: (db.dataSource.options as { url: string }).url,
  });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** `migrate.js --revert [count]`: undoes the newest migrations. */
const revert = (count = 1) => revertMigrations(db.dataSource, count);
/** `migrate.js`: applies the pending ones. */
const apply = () => migrateSchema(db.dataSource, EXPENSES_SCHEMA);

describe('expenses migrations', () => {
  it('revert one by one and apply again, keeping the totals equal to the rows', async () => {
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
    const taxColumns = () => expenseColumns('tax_amount', 'tax_lines');
    const partsTable = async () =>
      (
        await query<{ name: string | null }>(
          `SELECT to_regclass('expenses.expense_parts')::text AS name`,
        )
      )[0].name;
    const searchWordQuery = async () =>
      (
        await query<{ name: string | null }>(
          `SELECT to_regprocedure('expenses.search_word_query(text)')::text AS name`,
        )
      )[0].name;
    const reasonColumns = () => expenseColumns('region_hash', 'duplicate_reason');
    const dateNullable = async () =>
      (
        await query<{ nullable: string }>(
          `SELECT is_nullable AS nullable FROM information_schema.columns
           WHERE table_schema = 'expenses' AND table_name = 'expenses'
             AND column_name = 'expense_date'`,
        )
      )[0].nullable;
    const storeTables = async () =>
      (
        await query<{ n: number }>(
          `SELECT ((to_regclass('expenses.known_stores') IS NOT NULL)::int
            + (to_regclass('expenses.store_matches') IS NOT NULL)::int) AS n`,
        )
      )[0].n;
    const revertNewest = async () => {
      expect(await reasonColumns()).toBe(2);
      await revert();
      expect(await reasonColumns()).toBe(0);
      expect(await searchWordQuery()).toBe('expenses.search_word_query(text)');
      await revert();
      expect(await searchWordQuery()).toBe(null);
      expect(await storeTables()).toBe(2);
      await revert();
      expect(await storeTables()).toBe(0);
      // UndatedExpenses: an expense may have no date.
      expect(await dateNullable()).toBe('YES');
      await revert();
      expect(await dateNullable()).toBe('NO');
      expect(await dayCounts()).toBe(true);
      expect(await partsTable()).toBe('expenses.expense_parts');
      await revert();
      expect(await partsTable()).toBe(null);
      expect((await totals()).same).toBe(true);
      expect(await taxColumns()).toBe(2);
      await revert();
      expect(await taxColumns()).toBe(0);
      expect(await fingerprintColumns()).toBe(3);
      await revert();
      expect(await fingerprintColumns()).toBe(0);
      expect(await searchColumns()).toBe(2);
      await revert();
      expect(await searchColumns()).toBe(0);
      expect(await rereadsTable()).toBe('expenses.receipt_rereads');
      await revert();
      expect(await rereadsTable()).toBe(null);
      expect(await rateSourceColumns()).toBe(2);
      await revert();
      expect(await rateSourceColumns()).toBe(0);
      expect(await currencyTable()).toBe('expenses.account_settings');
      expect((await totals()).same).toBe(true);
      await revert();
      expect(await currencyTable()).toBe(null);
      // Rebuilt without the currency keys, the totals still equal the expenses.
      expect((await totals()).same).toBe(true);
      expect(await reviewColumns()).toBe(2);
      await revert();
      expect(await reviewColumns()).toBe(0);
      expect(await mailIdColumn()).toBe(1);
      await revert();
      expect(await mailIdColumn()).toBe(0);
      expect(await quotaColumns()).toBe(2);
      await revert();
      expect(await quotaColumns()).toBe(0);
    };
    await revertNewest();
    await apply();
    expect(await quotaColumns()).toBe(2);
    expect(await currencyTable()).toBe('expenses.account_settings');
    await revertNewest();
    // Without the cleanup, deleting rows leaves totals with a count of zero behind; applied
    // again, the migration removes them, and from then on a delete leaves none.
    await revert();
    await query(`DELETE FROM expenses.expenses WHERE "id" IN
      (SELECT "id" FROM expenses.expenses ORDER BY "id" LIMIT 5)`);
    expect(await emptyTotals()).toBeGreaterThan(0);
    await apply();
    expect(await emptyTotals()).toBe(0);
    await query(`DELETE FROM expenses.expenses WHERE "id" IN
      (SELECT "id" FROM expenses.expenses ORDER BY "id" LIMIT 5)`);
    expect(await emptyTotals()).toBe(0);
    await revertNewest();
    await revert(2);
    expect(await insertTriggers()).toEqual([
      'expenses_insert_day_count',
      'expenses_insert_totals',
      'expenses_insert_version',
    ]);
    expect(await dayCounts()).toBe(true);
    await revert();
    expect(await dayCounts()).toBe(null);
    await revert();
    expect(await countColumn()).toEqual([{ n: 0 }]);
    // Applied again, the count starts from the rows there are.
    await apply();
    const [counted] = await query<{ same: boolean }>(
      `SELECT (SELECT sum("expense_count") FROM expenses.user_versions)
        = (SELECT count(*) FROM expenses.expenses) AS same`,
    );
    expect(counted).toEqual({ same: true });
    expect(await dayCounts()).toBe(true);
    await revertNewest();
    await revert(5);
    expect(await totals()).toEqual({ totals: null, same: null });
    // Applied again over the seeded demo rows, the totals are built from the rows.
    await apply();
    expect(await totals()).toEqual({ totals: 'expenses.daily_totals', same: true });
    await revertNewest();
    await revert(5);
    expect(await column()).toEqual([{ n: 1 }]);
    await revert();
    expect(await column()).toEqual([{ n: 0 }]);
    await revert();
    const [after] = await query<{ expenses: string | null }>(
      `SELECT to_regclass('expenses.expenses')::text AS expenses`,
    );
    expect(after).toEqual({ expenses: null });
    await apply();
    expect(await column()).toEqual([{ n: 1 }]);
    expect((await totals()).totals).toBe('expenses.daily_totals');
    expect(await countColumn()).toEqual([{ n: 1 }]);
    expect(await dayCounts()).toBe(true);
    expect(await quotaColumns()).toBe(2);
  });
});
