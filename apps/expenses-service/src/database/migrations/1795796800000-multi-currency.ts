import type { MigrationInterface, QueryRunner } from 'typeorm';

const TOTALS = ['daily_totals', 'monthly_vendor_totals', 'monthly_tag_totals'] as const;
type Totals = (typeof TOTALS)[number];

/** Each totals table's own key, before the currency columns. */
const KEYS: Record<Totals, string[]> = {
  daily_totals: ['user_id', 'expense_date', 'entity_id'],
  monthly_vendor_totals: ['user_id', 'month', 'vendor'],
  monthly_tag_totals: ['user_id', 'month', 'entity_id', 'tag'],
};

/**
 * Money in more than one currency (docs/api.md, Currencies).
 *
 * - `account_settings`: an account's home currency. No row means none chosen yet (USD).
 * - An expense's optional `exchange_rate` into `rate_currency` (the home currency when the rate
 *   was entered; kept, so a later change of home currency never reads an old rate as one into
 *   the new currency). Both or neither.
 * - The running totals get the currency and the rate's currency in their keys and a
 *   `converted` sum (amount times rate), so a reader picks the totals of each currency and the
 *   converted ones of a home currency without summing two currencies. The trigger functions
 *   are replaced and the totals rebuilt from the expenses.
 */
export class MultiCurrency1795796800000 implements MigrationInterface {
  name = 'MultiCurrency1795796800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."account_settings" (
      "user_id" uuid PRIMARY KEY,
      "home_currency" text NOT NULL CHECK ("home_currency" ~ '^[A-Z]{3}$'),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "exchange_rate" numeric(17,10)
        CHECK ("exchange_rate" > 0 AND "exchange_rate" <= 1000000),
      ADD COLUMN "rate_currency" text CHECK ("rate_currency" ~ '^[A-Z]{3}$'),
      ADD CONSTRAINT "expenses_rate_pair_check"
        CHECK (("exchange_rate" IS NULL) = ("rate_currency" IS NULL))`);
    await this.rekey(runner, true);
    await this.replaceFunctions(runner, true);
  }

  async down(runner: QueryRunner): Promise<void> {
    await this.replaceFunctions(runner, false);
    await this.rekey(runner, false);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP CONSTRAINT "expenses_rate_pair_check",
      DROP COLUMN "rate_currency", DROP COLUMN "exchange_rate"`);
    await runner.query(`DROP TABLE "expenses"."account_settings"`);
  }

  /** Empties the totals, changes their keys, and (up) refills them from the expenses. */
  private async rekey(runner: QueryRunner, withCurrency: boolean): Promise<void> {
    for (const table of TOTALS) {
      const name = `"expenses"."${table}"`;
      const key = (columns: string[]) => columns.map((column) => `"${column}"`).join(', ');
      await runner.query(`TRUNCATE ${name}`);
      if (table === 'monthly_vendor_totals') {
        await runner.query(
          withCurrency
            ? `ALTER TABLE ${name} DROP CONSTRAINT "monthly_vendor_totals_pkey"`
            : `DROP INDEX "expenses"."monthly_vendor_totals_key"`,
        );
      } else {
        await runner.query(`DROP INDEX "expenses"."${table}_key"`);
      }
      if (withCurrency) {
        await runner.query(`ALTER TABLE ${name} ADD COLUMN "currency" text NOT NULL,
          ADD COLUMN "rate_currency" text, ADD COLUMN "converted" numeric NOT NULL`);
        await runner.query(`CREATE UNIQUE INDEX "${table}_key" ON ${name}
          (${key([...KEYS[table], 'currency', 'rate_currency'])}) NULLS NOT DISTINCT`);
      } else {
        await runner.query(`ALTER TABLE ${name} DROP COLUMN "currency",
          DROP COLUMN "rate_currency", DROP COLUMN "converted"`);
        await runner.query(
          table === 'monthly_vendor_totals'
            ? `ALTER TABLE ${name} ADD PRIMARY KEY (${key(KEYS[table])})`
            : `CREATE UNIQUE INDEX "${table}_key" ON ${name} (${key(KEYS[table])}) NULLS NOT DISTINCT`,
        );
      }
    }
    const refill = withCurrency ? upserts : singleCurrencyUpserts;
    const rows = changedRows('INSERT', withCurrency).replace(/new_rows/g, '"expenses"."expenses"');
    await runner.query(refill(rows));
  }

  private async replaceFunctions(runner: QueryRunner, withCurrency: boolean): Promise<void> {
    const write = withCurrency ? upserts : singleCurrencyUpserts;
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      await runner.query(`CREATE OR REPLACE FUNCTION "expenses"."add_${event.toLowerCase()}_to_totals"()
        RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${write(changedRows(event, withCurrency))}
          RETURN NULL;
        END $$`);
    }
  }
}

/**
 * The statement's finished rows as signed changes: +1 for each new version, -1 for each old
 * one. An update that leaves the counted columns alone nets to zero.
 */
function changedRows(event: 'INSERT' | 'UPDATE' | 'DELETE', withCurrency = true): string {
  const columns = `"user_id", "expense_date", "entity_id", "vendor", "tags", "amount"${
    withCurrency
      ? `, "currency", "rate_currency", coalesce("amount" * "exchange_rate", 0) AS "converted"`
      : ''
  }`;
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
 * Adds the signed changes to the three tables, per currency and rate currency. Keys are
 * written in order so that concurrent statements lock them in the same order; groups that net
 * to nothing are left out.
 */
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

/** ExpenseTotals1764979200000's upserts, for `down`. */
function singleCurrencyUpserts(changes: string): string {
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
