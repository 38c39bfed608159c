import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sender rules per account (`everyone` or `listed`, with the listed addresses and domains) and
 * held mail: a `held` mail waits for its owner's release. `unknown_receipts` is what a mail
 * from an unlisted sender took of the hourly allowance, counted from `sender_checked_at`;
 * `released_at` marks a mail its owner let through.
 */
export class SenderRules1766200000000 implements MigrationInterface {
  name = 'SenderRules1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "mail_ingest"."sender_rules" (
      "user_id" uuid PRIMARY KEY,
      "mode" text NOT NULL CHECK ("mode" IN ('everyone', 'listed')),
      "senders" text[] NOT NULL DEFAULT '{}',
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail" DROP CONSTRAINT "inbound_mail_status_check"`,
    );
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail" ADD CONSTRAINT "inbound_mail_status_check"
         CHECK ("status" IN ('received', 'processed', 'failed', 'held'))`,
    );
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail"
         ADD COLUMN "unknown_receipts" integer NOT NULL DEFAULT 0,
         ADD COLUMN "sender_checked_at" timestamptz,
         ADD COLUMN "released_at" timestamptz`,
    );
    await runner.query(
      `CREATE INDEX "inbound_mail_sender_checked_idx" ON "mail_ingest"."inbound_mail"
         ("user_id", "sender_checked_at") WHERE "unknown_receipts" > 0`,
    );
    await runner.query(
      `CREATE INDEX "inbound_mail_held_idx" ON "mail_ingest"."inbound_mail" ("received_at")
         WHERE "status" = 'held'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "mail_ingest"."inbound_mail_held_idx"`);
    await runner.query(`DROP INDEX "mail_ingest"."inbound_mail_sender_checked_idx"`);
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail"
         DROP COLUMN "released_at", DROP COLUMN "sender_checked_at", DROP COLUMN "unknown_receipts"`,
    );
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail" DROP CONSTRAINT "inbound_mail_status_check"`,
    );
    await runner.query(
      `ALTER TABLE "mail_ingest"."inbound_mail" ADD CONSTRAINT "inbound_mail_status_check"
         CHECK ("status" IN ('received', 'processed', 'failed'))`,
    );
    await runner.query(`DROP TABLE "mail_ingest"."sender_rules"`);
  }
}
