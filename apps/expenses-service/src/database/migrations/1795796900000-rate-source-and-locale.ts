import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where an expense's rate came from, and the account's locale (docs/api.md, Currencies).
 *
 * - `rate_source`: 'user' (entered by hand; always wins) or 'provider' (filled from the
 *   deployment's rates source, EXCHANGE_RATES_URL), with the provider's `rate_date`. Every
 *   rate stored before this was entered by hand.
 * - `account_settings.locale`: the browser's BCP 47 locale at the first signed-in visit (or
 *   set in Settings); the evidence for day/month order when a receipt comes without one (mail).
 */
export class RateSourceAndLocale1795796900000 implements MigrationInterface {
  name = 'RateSourceAndLocale1795796900000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "rate_source" text CHECK ("rate_source" IN ('user', 'provider')),
      ADD COLUMN "rate_date" date`);
    await runner.query(`UPDATE "expenses"."expenses" SET "rate_source" = 'user'
      WHERE "exchange_rate" IS NOT NULL`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD CONSTRAINT "expenses_rate_source_pair_check"
        CHECK (("exchange_rate" IS NULL) = ("rate_source" IS NULL))`);
    await runner.query(`ALTER TABLE "expenses"."account_settings"
      ADD COLUMN "locale" text CHECK (length("locale") BETWEEN 2 AND 35)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."account_settings" DROP COLUMN "locale"`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP CONSTRAINT "expenses_rate_source_pair_check",
      DROP COLUMN "rate_date", DROP COLUMN "rate_source"`);
  }
}
