import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many expenses (of any status) each user has per day, kept by statement triggers in the
 * same transaction. A deep page of the list (unfiltered or by dates) finds the day it starts
 * on from these counts and reads the expenses from there, instead of skipping up to half of
 * the user's rows in the index.
 */
export class DailyCounts1765152000000 implements MigrationInterface {
  name = 'DailyCounts1765152000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."daily_counts" (
      "user_id" uuid NOT NULL,
      "expense_date" date NOT NULL,
      "count" int NOT NULL,
      PRIMARY KEY ("user_id", "expense_date")
    )`);
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const name = `"expenses"."count_${event.toLowerCase()}_per_day"`;
      const parts: string[] = [];
      if (event !== 'DELETE')
        parts.push(`SELECT "user_id", "expense_date", 1 AS "sign" FROM new_rows`);
      if (event !== 'INSERT')
        parts.push(`SELECT "user_id", "expense_date", -1 AS "sign" FROM old_rows`);
      await runner.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${countUpsert(parts.join(' UNION ALL '))}
          RETURN NULL;
        END $$`);
      const tables = {
        INSERT: 'NEW TABLE AS new_rows',
        UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
        DELETE: 'OLD TABLE AS old_rows',
      }[event];
      await runner.query(`CREATE TRIGGER "expenses_${event.toLowerCase()}_day_count" AFTER ${event}
        ON "expenses"."expenses" REFERENCING ${tables}
        FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
    }
    await runner.query(
      countUpsert(`SELECT "user_id", "expense_date", 1 AS "sign" FROM "expenses"."expenses"`),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await runner.query(`DROP TRIGGER "expenses_${event}_day_count" ON "expenses"."expenses"`);
      await runner.query(`DROP FUNCTION "expenses"."count_${event}_per_day"()`);
    }
    await runner.query(`DROP TABLE "expenses"."daily_counts"`);
  }
}

/** Adds signed rows to the per-day counts, keys in order; days that net to nothing are skipped. */
function countUpsert(changes: string): string {
  return `INSERT INTO "expenses"."daily_counts" AS t ("user_id", "expense_date", "count")
    SELECT c."user_id", c."expense_date", sum(c."sign") FROM (${changes}) c
    GROUP BY 1, 2 HAVING sum(c."sign") <> 0 ORDER BY 1, 2
    ON CONFLICT ("user_id", "expense_date") DO UPDATE SET "count" = t."count" + EXCLUDED."count";`;
}
