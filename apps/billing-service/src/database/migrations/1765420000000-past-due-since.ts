import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a subscription became past_due: access continues for a grace period after it
 * (BILLING_PAST_DUE_GRACE_DAYS), not for as long as the provider keeps retrying the payment.
 * Rows already past_due start their grace now.
 */
export class PastDueSince1765420000000 implements MigrationInterface {
  name = 'PastDueSince1765420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "billing"."subscriptions" ADD COLUMN "past_due_since" timestamptz`,
    );
    await runner.query(
      `UPDATE "billing"."subscriptions" SET "past_due_since" = now() WHERE "status" = 'past_due'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "billing"."subscriptions" DROP COLUMN "past_due_since"`);
  }
}
