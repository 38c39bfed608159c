import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mail that could not be turned into receipts for a passing fault (expenses or storage away)
 * is tried again later instead of dead-lettered: `attempts` counts the failed tries,
 * `retry_at` is when the retry sweeper hands it to the consumer again. The partial index
 * keeps the sweeper's scan to the mail still waiting.
 */
export class MailRetries1766100000000 implements MigrationInterface {
  name = 'MailRetries1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail"
         ADD COLUMN "attempts" integer NOT NULL DEFAULT 0,
         ADD COLUMN "retry_at" timestamptz`,
    );
    await runner.query(
      `CREATE INDEX "inbound_mail_waiting_idx" ON "mail_ingest"."inbound_mail" ("received_at")
       WHERE "status" = 'received'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "mail_ingest"."inbound_mail_waiting_idx"`);
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail" DROP COLUMN "retry_at", DROP COLUMN "attempts"`,
    );
  }
}
