import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout no longer signs anyone in: it records whether it created the account, holds a
 * payment for a pre-existing account until its owner claims it, and hands the mobile app a
 * one-time exchange code (only its SHA-256 is kept) instead of a token in a URL.
 */
export class CheckoutClaims1767225600000 implements MigrationInterface {
  name = 'CheckoutClaims1767225600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "billing"."checkouts"
      ADD COLUMN "account_created" boolean,
      ADD COLUMN "claimed_at" timestamptz,
      ADD COLUMN "exchange_code_hash" text UNIQUE,
      ADD COLUMN "exchange_code_expires_at" timestamptz,
      ADD COLUMN "exchange_code_used_at" timestamptz`);
    // Paid for an address that already had an account: waits for its signed-in owner.
    await runner.query(
      `CREATE INDEX "checkouts_awaiting_claim_idx" ON "billing"."checkouts" ("email")
       WHERE "account_created" = false AND "claimed_at" IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "billing"."checkouts_awaiting_claim_idx"`);
    await runner.query(`ALTER TABLE "billing"."checkouts"
      DROP COLUMN "account_created", DROP COLUMN "claimed_at", DROP COLUMN "exchange_code_hash",
      DROP COLUMN "exchange_code_expires_at", DROP COLUMN "exchange_code_used_at"`);
  }
}
