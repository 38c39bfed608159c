import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Running totals of finished expenses that the summary and statistics read instead of every
 * expense row: per user and day and entity (totals, entity breakdown, spending over time), and
 * per user and calendar month for vendors and for (entity, tag) pairs. Statement-level
 * triggers keep them in the same transaction as the change, with exact numeric sums. Rows
 * whose count falls to zero are removed by a later trigger (DropEmptyTotals); readers skip
 * them anyway.
 */
export class ExpenseTotals1764979200000 implements MigrationInterface {
  name = 'ExpenseTotals1764979200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."daily_totals" (
      "user_id" uuid NOT NULL,
      "expense_date" date NOT NULL,
      "entity_id" uuid,
      "total" numeric NOT NULL,
      "count" int NOT NULL
    )`);
    // NULLS NOT DISTINCT: Unassigned (no entity) is one key like any other.
    await runner.query(`CREATE UNIQUE INDEX "daily_totals_key" ON "expenses"."daily_totals"
      ("user_id", "expense_date", "entity_id") NULLS NOT DISTINCT`);
    await runner.query(`CREATE TABLE "expenses"."monthly_vendor_totals" (
      "user_id" uuid NOT NULL,
      "month" date NOT NULL,
      "vendor" text NOT NULL,
      "total" numeric NOT NULL,
      "count" int NOT NULL,
      PRIMARY KEY ("user_id", "month", "vendor")
    )`);
    await runner.query(`CREATE TABLE "expenses"."monthly_tag_totals" (
      "user_id" uuid NOT NULL,
      "month" date NOT NULL,
      "entity_id" uuid,
      "tag" text NOT NULL,
      "total" numeric NOT NULL,
      "count" int NOT NULL
    )`);
    await runner.query(`CREATE UNIQUE INDEX "monthly_tag_totals_key"
      ON "expenses"."monthly_tag_totals" ("user_id", "month", "entity_id", "tag") NULLS NOT DISTINCT`);

    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      const name = `"expenses"."add_${event.toLowerCase()}_to_totals"`;
      await runner.query(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${upserts(changedRows(event))}
          RETURN NULL;
        END $$`);
      const tables = {
        INSERT: 'NEW TABLE AS new_rows',
        UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
        DELETE: 'OLD TABLE AS old_rows',
      }[event];
      await runner.query(`CREATE TRIGGER "expenses_${event.toLowerCase()}_totals" AFTER ${event}
        ON "expenses"."expenses" REFERENCING ${tables}
        FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`);
    }

    // The rows that exist already.
    await runner.query(
      upserts(changedRows('INSERT').replace(/new_rows/g, '"expenses"."expenses"')),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await runner.query(`DROP TRIGGER "expenses_${event}_totals" ON "expenses"."expenses"`);
      await runner.query(`DROP FUNCTION "expenses"."add_${event}_to_totals"()`);
    }
    await runner.query(`DROP TABLE "expenses"."monthly_tag_totals"`);
    await runner.query(`DROP TABLE "expenses"."monthly_vendor_totals"`);
    await runner.query(`DROP TABLE "expenses"."daily_totals"`);
  }
}

/**
 * The statement's finished rows as signed changes: +1 for each new version, -1 for each old
 * one. An update that leaves amount, date, entity, vendor, tags and status alone nets to zero.
 */
function changedRows(event: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const columns = `"user_id", "expense_date", "entity_id", "vendor", "tags", "amount"`;
  const parts: string[] = [];
  if (event !== 'DELETE') {
    parts.push(`SELECT ${columns}, 1 AS "sign" FROM new_rows WHERE "status" = 'ready'`);
  }
  if (event !== 'INSERT') {
    parts.push(`SELECT ${columns}, -1 AS "sign" FROM old_rows WHERE "status" = 'ready'`);
  }
  return parts.join(' UNION ALL ');
}

/**
 * Adds the signed changes to the three tables. Keys are written in order so that concurrent
 * statements lock them in the same order; groups that net to nothing are left out.
 */
function upserts(changes: string): string {
  const month = `date_trunc('month', c."expense_date")::date`;
  const add = `SET "total" = t."total" + EXCLUDED."total", "count" = t."count" + EXCLUDED."count"`;
  const netChange = `HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0`;
  return `
    INSERT INTO "expenses"."daily_totals" AS t ("user_id", "expense_date", "entity_id", "total", "count")
    SELECT c."user_id", c."expense_date", c."entity_id", sum(c."sign" * c."amount"), sum(c."sign")
    FROM (${changes}) c GROUP BY 1, 2, 3 ${netChange} ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "expense_date", "entity_id") DO UPDATE ${add};

    INSERT INTO "expenses"."monthly_vendor_totals" AS t ("user_id", "month", "vendor", "total", "count")
    SELECT c."user_id", ${month}, c."vendor", sum(c."sign" * c."amount"), sum(c."sign")
    FROM (${changes}) c GROUP BY 1, 2, 3 ${netChange} ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "month", "vendor") DO UPDATE ${add};

    INSERT INTO "expenses"."monthly_tag_totals" AS t ("user_id", "month", "entity_id", "tag", "total", "count")
    SELECT c."user_id", ${month}, c."entity_id", g."tag", sum(c."sign" * c."amount"), sum(c."sign")
    FROM (${changes}) c, unnest(c."tags") AS g("tag") GROUP BY 1, 2, 3, 4 ${netChange}
    ORDER BY 1, 2, 3, 4
    ON CONFLICT ("user_id", "month", "entity_id", "tag") DO UPDATE ${add};`;
}
