import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unknown stays unknown (docs/ocr.md): an expense whose date was not read, or was read but is
 * not plausible, has no date (`expense_date` NULL, flagged `not_read` in `field_evidence`)
 * instead of the upload day. The column loses its default and may be empty; existing rows are
 * left as they are (see below).
 *
 * The running totals keep working unchanged: their keys are unique indexes NULLS NOT DISTINCT
 * (MultiCurrency), so the undated expenses of a user (and entity, currency) add up in one row
 * whose day or month is NULL. Every reader with a date range skips that row by its range; the
 * summary and statistics read it as the "no date" count (statistics.sql.ts). The per-day
 * counts of the list get the same key, so the list finds where its undated expenses (first,
 * newest-first) end.
 *
 * Existing rows: a row whose stored reading says the date was not read (`field_evidence`
 * `expense_date.flag = 'not_read'`, not edited by hand since) holds the upload day as a
 * placeholder, certainly not a reading: it becomes NULL. It is already in the review queue by
 * that flag. No other row is touched: a date equal to the upload day may well be right.
 * `down` puts the upload day back into those rows (as the placeholder it was).
 */
export class UndatedExpenses1795797700000 implements MigrationInterface {
  name = 'UndatedExpenses1795797700000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ALTER COLUMN "expense_date" DROP DEFAULT,
      ALTER COLUMN "expense_date" DROP NOT NULL`);
    await runner.query(`ALTER TABLE "expenses"."daily_totals"
      ALTER COLUMN "expense_date" DROP NOT NULL`);
    for (const table of ['monthly_vendor_totals', 'monthly_tag_totals']) {
      await runner.query(`ALTER TABLE "expenses"."${table}" ALTER COLUMN "month" DROP NOT NULL`);
    }
    await runner.query(`ALTER TABLE "expenses"."daily_counts"
      DROP CONSTRAINT "daily_counts_pkey",
      ALTER COLUMN "expense_date" DROP NOT NULL`);
    await runner.query(`CREATE UNIQUE INDEX "daily_counts_key" ON "expenses"."daily_counts"
      ("user_id", "expense_date") NULLS NOT DISTINCT`);
    await runner.query(`UPDATE "expenses"."expenses" SET "expense_date" = NULL
      WHERE "field_evidence" -> 'expense_date' ->> 'flag' = 'not_read'
        AND NOT 'expense_date' = ANY ("edited_fields")
        AND "expense_date" IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`UPDATE "expenses"."expenses" SET "expense_date" = "created_at"::date
      WHERE "expense_date" IS NULL`);
    await runner.query(`DROP INDEX "expenses"."daily_counts_key"`);
    await runner.query(`ALTER TABLE "expenses"."daily_counts"
      ALTER COLUMN "expense_date" SET NOT NULL, ADD PRIMARY KEY ("user_id", "expense_date")`);
    for (const table of ['monthly_vendor_totals', 'monthly_tag_totals']) {
      await runner.query(`ALTER TABLE "expenses"."${table}" ALTER COLUMN "month" SET NOT NULL`);
    }
    await runner.query(`ALTER TABLE "expenses"."daily_totals"
      ALTER COLUMN "expense_date" SET NOT NULL`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ALTER COLUMN "expense_date" SET NOT NULL,
      ALTER COLUMN "expense_date" SET DEFAULT CURRENT_DATE`);
  }
}
