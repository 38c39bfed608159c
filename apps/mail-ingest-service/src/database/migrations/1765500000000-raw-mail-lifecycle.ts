import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A raw mail is deleted once every receipt made from it is deleted (expenses'
 * `expenses.expense.deleted.v1`): `receipts_deleted` counts those against `receipts_created`,
 * `raw_deleted_at` marks rows whose raw object is gone. One raw object may serve several rows
 * (one per owner), hence the raw_key index.
 */
export class RawMailLifecycle1765500000000 implements MigrationInterface {
  name = 'RawMailLifecycle1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail"
         ADD COLUMN "receipts_deleted" integer NOT NULL DEFAULT 0,
         ADD COLUMN "raw_deleted_at" timestamptz`,
    );
    await runner.query(
      `CREATE INDEX "inbound_mail_raw_key_idx" ON "mail_ingest"."inbound_mail" ("raw_key")`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "mail_ingest"."inbound_mail_raw_key_idx"`);
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail"
         DROP COLUMN "raw_deleted_at", DROP COLUMN "receipts_deleted"`,
    );
  }
}
