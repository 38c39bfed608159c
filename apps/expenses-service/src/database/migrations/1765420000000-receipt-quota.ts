import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the per-user receipt quotas count, kept with the expense that owns the receipt (so every
 * replica agrees and a deleted expense frees its bytes): the stored object's size and whether
 * it was uploaded or mailed. Receipts stored before this migration count as 0 bytes.
 */
export class ReceiptQuota1765420000000 implements MigrationInterface {
  name = 'ReceiptQuota1765420000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "receipt_bytes" bigint CHECK ("receipt_bytes" >= 0),
      ADD COLUMN "receipt_source" text CHECK ("receipt_source" IN ('upload', 'mail'))`);
    // Uploads of the last hour, per user: the uploads-per-hour quota's count.
    await runner.query(`CREATE INDEX "expenses_user_uploads_idx" ON "expenses"."expenses"
      ("user_id", "created_at") WHERE "receipt_source" = 'upload'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "expenses"."expenses_user_uploads_idx"`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP COLUMN "receipt_source", DROP COLUMN "receipt_bytes"`);
  }
}
