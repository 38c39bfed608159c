import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the receipt pipeline needs on an expense: the current reading job (only its result is
 * applied), the client's Idempotency-Key (a retried upload finds its first expense), and the
 * fields the user edited by hand (a later re-extraction never overwrites them).
 */
export class ReceiptJobs1764806400000 implements MigrationInterface {
  name = 'ReceiptJobs1764806400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "ocr_job_id" uuid,
      ADD COLUMN "idempotency_key" text,
      ADD COLUMN "edited_fields" text[] NOT NULL DEFAULT '{}'`);
    await runner.query(
      `CREATE UNIQUE INDEX "expenses_user_idempotency_key" ON "expenses"."expenses"
       ("user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL`,
    );
    // The reconciler looks for receipts whose reading has not finished.
    await runner.query(
      `CREATE INDEX "expenses_processing_idx" ON "expenses"."expenses" ("updated_at")
       WHERE "status" = 'processing'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "expenses"."expenses_processing_idx"`);
    await runner.query(`DROP INDEX "expenses"."expenses_user_idempotency_key"`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP COLUMN "edited_fields", DROP COLUMN "idempotency_key", DROP COLUMN "ocr_job_id"`);
  }
}
