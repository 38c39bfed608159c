import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Split receipts (docs/api.md, Splits): `expense_parts` holds the parts of a split expense,
 * each with its own entity, tags, description and amount (and its percentage when split by
 * percentage); the expense keeps the receipt, its reading and its total.
 *
 * The running totals count a split expense once per part, under the part's entity and tags.
 * The expense's own triggers are left as they are (they count the expense row); triggers of
 * this migration add a correction for each split expense: + each part, - the expense row.
 *
 * - On `expense_parts` (insert, update, delete): the affected expenses' corrections with the
 *   parts as they are now, minus the corrections with the parts as they were.
 * - On an update of `expenses`: the corrections of the new rows minus those of the old rows,
 *   with the parts as they are (the statement changed no part).
 * - A split expense cannot be deleted with its parts still there (the key has no cascade,
 *   which would delete the parts after the expense, with nothing left to correct against):
 *   `ExpensesRepository.remove` deletes the parts first.
 *
 * Parts also bump the user's version (cached statistics) and drop emptied totals, as the
 * expenses' triggers do, in the same order (version first, empties last).
 */
export class ExpenseParts1795797600000 implements MigrationInterface {
  name = 'ExpenseParts1795797600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."expense_parts" (
      "id" uuid PRIMARY KEY,
      "expense_id" uuid NOT NULL REFERENCES "expenses"."expenses" ("id"),
      "user_id" uuid NOT NULL,
      "position" smallint NOT NULL CHECK ("position" >= 0),
      "entity_id" uuid,
      "tags" text[] NOT NULL DEFAULT '{}',
      "description" text,
      "amount" numeric(12,2) NOT NULL CHECK ("amount" > 0),
      "percent" numeric(7,4) CHECK ("percent" > 0 AND "percent" < 100),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "expense_parts_position_key" UNIQUE ("expense_id", "position"),
      CONSTRAINT "expense_parts_entity_fkey" FOREIGN KEY ("user_id", "entity_id")
        REFERENCES "expenses"."entities" ("user_id", "id") ON DELETE SET NULL ("entity_id")
    )`);
    await runner.query(`CREATE INDEX "expense_parts_user_entity_idx"
      ON "expenses"."expense_parts" ("user_id", "entity_id")`);
    await runner.query(`CREATE INDEX "expense_parts_user_tags_idx"
      ON "expenses"."expense_parts" USING gin ("tags")`);

    await runner.query(`CREATE FUNCTION "expenses"."bump_user_versions_for_parts"()
      RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "expenses"."user_versions" AS v ("user_id")
        SELECT DISTINCT "user_id" FROM changed ORDER BY "user_id"
        ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1, "changed_at" = now();
        RETURN NULL;
      END $$`);
    for (const event of EVENTS) {
      await runner.query(`CREATE FUNCTION "expenses"."add_parts_${event.toLowerCase()}_to_totals"()
        RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${upserts(partChanges(event))}
          RETURN NULL;
        END $$`);
      const table = event === 'DELETE' ? 'OLD TABLE AS old_parts' : 'NEW TABLE AS new_parts';
      const both = event === 'UPDATE' ? 'OLD TABLE AS old_parts NEW TABLE AS new_parts' : table;
      const changed = event === 'INSERT' ? 'NEW TABLE AS changed' : 'OLD TABLE AS changed';
      const on = `AFTER ${event} ON "expenses"."expense_parts"`;
      const lower = event.toLowerCase();
      await runner.query(`CREATE TRIGGER "expense_parts_${lower}_version" ${on}
        REFERENCING ${changed} FOR EACH STATEMENT
        EXECUTE FUNCTION "expenses"."bump_user_versions_for_parts"()`);
      await runner.query(`CREATE TRIGGER "expense_parts_${lower}_with_totals" ${on}
        REFERENCING ${both} FOR EACH STATEMENT
        EXECUTE FUNCTION "expenses"."add_parts_${lower}_to_totals"()`);
      if (event !== 'INSERT') {
        await runner.query(`CREATE TRIGGER "expense_parts_${lower}_without_empty_totals" ${on}
          REFERENCING OLD TABLE AS changed FOR EACH STATEMENT
          EXECUTE FUNCTION "expenses"."drop_empty_totals"()`);
      }
    }
    await runner.query(`CREATE FUNCTION "expenses"."add_split_update_to_totals"()
      RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${upserts(
          `${corrections('new_rows', PARTS, 1)} UNION ALL ${corrections('old_rows', PARTS, -1)}`,
        )}
        RETURN NULL;
      END $$`);
    // Sorts after "expenses_update_version" and before "expenses_update_without_empty_totals".
    await runner.query(`CREATE TRIGGER "expenses_update_with_split_totals"
      AFTER UPDATE ON "expenses"."expenses"
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION "expenses"."add_split_update_to_totals"()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    // Taking the parts off first puts every split expense back in the totals as one row.
    await runner.query(`DELETE FROM "expenses"."expense_parts"`);
    await runner.query(`DROP TRIGGER "expenses_update_with_split_totals" ON "expenses"."expenses"`);
    await runner.query(`DROP FUNCTION "expenses"."add_split_update_to_totals"()`);
    await runner.query(`DROP TABLE "expenses"."expense_parts"`);
    for (const event of EVENTS) {
      await runner.query(`DROP FUNCTION "expenses"."add_parts_${event.toLowerCase()}_to_totals"()`);
    }
    await runner.query(`DROP FUNCTION "expenses"."bump_user_versions_for_parts"()`);
  }
}

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const PARTS = '"expenses"."expense_parts"';

/**
 * A split expense's correction to the running totals, as signed rows like the expenses'
 * triggers write: each part (+sign, under the part's entity and tags) and the expense row
 * itself (-sign), for the ready expenses of `expenses` that have parts in `parts`.
 */
function corrections(expenses: string, parts: string, sign: 1 | -1): string {
  const money = `x."currency", x."rate_currency"`;
  return `SELECT x."user_id", x."expense_date", p."entity_id", x."vendor", p."tags", p."amount",
      ${money}, coalesce(p."amount" * x."exchange_rate", 0) AS "converted", ${sign} AS "sign"
    FROM ${expenses} x JOIN ${parts} p ON p."expense_id" = x."id"
    WHERE x."status" = 'ready'
    UNION ALL
    SELECT x."user_id", x."expense_date", x."entity_id", x."vendor", x."tags", x."amount",
      ${money}, coalesce(x."amount" * x."exchange_rate", 0), ${-sign}
    FROM ${expenses} x
    WHERE x."status" = 'ready' AND EXISTS (SELECT 1 FROM ${parts} q WHERE q."expense_id" = x."id")`;
}

/**
 * A statement on the parts: the affected expenses' corrections with the parts as they are,
 * minus those with the parts as they were (now's parts without the new versions, plus the old).
 */
function partChanges(event: (typeof EVENTS)[number]): string {
  const touched = [
    event !== 'DELETE' ? `SELECT "expense_id" FROM new_parts` : '',
    event !== 'INSERT' ? `SELECT "expense_id" FROM old_parts` : '',
  ].filter(Boolean);
  const expenses = `(SELECT * FROM "expenses"."expenses"
    WHERE "id" IN (${touched.join(' UNION ')}))`;
  const before = [
    event !== 'DELETE'
      ? `SELECT * FROM ${PARTS} WHERE "id" NOT IN (SELECT "id" FROM new_parts)`
      : `SELECT * FROM ${PARTS}`,
    event !== 'INSERT' ? `SELECT * FROM old_parts` : '',
  ].filter(Boolean);
  return `${corrections(expenses, PARTS, 1)} UNION ALL ${corrections(
    expenses,
    `(${before.join(' UNION ALL ')})`,
    -1,
  )}`;
}

/** MultiCurrency1795796800000's upserts of signed rows into the three totals tables. */
function upserts(changes: string): string {
  const month = `date_trunc('month', c."expense_date")::date`;
  const add = `SET "total" = t."total" + EXCLUDED."total", "count" = t."count" + EXCLUDED."count",
    "converted" = t."converted" + EXCLUDED."converted"`;
  const sums = `sum(c."sign" * c."amount"), sum(c."sign"), sum(c."sign" * c."converted")`;
  const netChange = `HAVING sum(c."sign") <> 0 OR sum(c."sign" * c."amount") <> 0
    OR sum(c."sign" * c."converted") <> 0`;
  const money = `c."currency", c."rate_currency"`;
  return `
    INSERT INTO "expenses"."daily_totals" AS t ("user_id", "expense_date", "entity_id",
      "currency", "rate_currency", "total", "count", "converted")
    SELECT c."user_id", c."expense_date", c."entity_id", ${money}, ${sums}
    FROM (${changes}) c GROUP BY 1, 2, 3, 4, 5 ${netChange} ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("user_id", "expense_date", "entity_id", "currency", "rate_currency") DO UPDATE ${add};

    INSERT INTO "expenses"."monthly_vendor_totals" AS t ("user_id", "month", "vendor",
      "currency", "rate_currency", "total", "count", "converted")
    SELECT c."user_id", ${month}, c."vendor", ${money}, ${sums}
    FROM (${changes}) c GROUP BY 1, 2, 3, 4, 5 ${netChange} ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("user_id", "month", "vendor", "currency", "rate_currency") DO UPDATE ${add};

    INSERT INTO "expenses"."monthly_tag_totals" AS t ("user_id", "month", "entity_id", "tag",
      "currency", "rate_currency", "total", "count", "converted")
    SELECT c."user_id", ${month}, c."entity_id", g."tag", ${money}, ${sums}
    FROM (${changes}) c, unnest(c."tags") AS g("tag") GROUP BY 1, 2, 3, 4, 5, 6 ${netChange}
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("user_id", "month", "entity_id", "tag", "currency", "rate_currency") DO UPDATE ${add};`;
}
