import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Re-extractions (Retry, Re-extract) count in the hourly receipt quota with the uploads: each
 * started one is a row here. Rows older than the hour are pruned when the user starts another.
 */
export class ReceiptRereads1795797100000 implements MigrationInterface {
  name = 'ReceiptRereads1795797100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."receipt_rereads" (
      "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "expense_id" uuid NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "receipt_rereads_user_idx" ON "expenses"."receipt_rereads"
      ("user_id", "created_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "expenses"."receipt_rereads"`);
  }
}
