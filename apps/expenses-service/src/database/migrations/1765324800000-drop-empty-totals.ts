import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['daily_totals', 'monthly_vendor_totals', 'monthly_tag_totals', 'daily_counts'];

/**
 * Totals whose count fell to zero are deleted after each update or delete, so that no vendor
 * name or tag of a deleted or edited expense stays behind in them. Safe against a concurrent
 * insert of the same key: every writer of a user's expenses first locks the user's version row
 * (TriggerOrder), so a user's writes never overlap. The trigger's name sorts after the
 * "with_" ones, so it runs after them.
 */
export class DropEmptyTotals1765324800000 implements MigrationInterface {
  name = 'DropEmptyTotals1765324800000';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await runner.query(
        `CREATE INDEX "${table}_empty_idx" ON "expenses"."${table}" ("user_id") WHERE "count" = 0`,
      );
      await runner.query(`DELETE FROM "expenses"."${table}" WHERE "count" = 0`);
    }
    const deletes = TABLES.map(
      (table) => `DELETE FROM "expenses"."${table}" WHERE "count" = 0
        AND "user_id" IN (SELECT DISTINCT "user_id" FROM changed);`,
    ).join('\n');
    await runner.query(`CREATE FUNCTION "expenses"."drop_empty_totals"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        ${deletes}
        RETURN NULL;
      END $$`);
    for (const event of ['update', 'delete']) {
      await runner.query(`CREATE TRIGGER "expenses_${event}_without_empty_totals"
        AFTER ${event.toUpperCase()} ON "expenses"."expenses" REFERENCING OLD TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION "expenses"."drop_empty_totals"()`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const event of ['update', 'delete']) {
      await runner.query(
        `DROP TRIGGER "expenses_${event}_without_empty_totals" ON "expenses"."expenses"`,
      );
    }
    await runner.query(`DROP FUNCTION "expenses"."drop_empty_totals"()`);
    for (const table of TABLES) await runner.query(`DROP INDEX "expenses"."${table}_empty_idx"`);
  }
}
