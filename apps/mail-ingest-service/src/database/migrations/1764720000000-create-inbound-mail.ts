import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/**
 * One row per accepted message and owner. The raw message is in object storage under
 * `raw_key`; (user_id, sha256) makes a second delivery of the same bytes a no-op.
 */
export class CreateInboundMail1764720000000 implements MigrationInterface {
  name = 'CreateInboundMail1764720000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "mail_ingest"."inbound_mail" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "recipient" text NOT NULL,
      "envelope_from" text,
      "raw_key" text NOT NULL,
      "size_bytes" integer NOT NULL,
      "sha256" text NOT NULL,
      "received_at" timestamptz NOT NULL DEFAULT now(),
      "status" text NOT NULL DEFAULT 'received'
        CHECK ("status" IN ('received', 'processed', 'failed')),
      "from_address" text,
      "subject" text,
      "receipts_created" integer NOT NULL DEFAULT 0,
      "reason" text,
      "processed_at" timestamptz,
      CONSTRAINT "inbound_mail_user_sha256_key" UNIQUE ("user_id", "sha256")
    )`);
    await runner.query(
      `CREATE INDEX "inbound_mail_user_received_idx" ON "mail_ingest"."inbound_mail" ("user_id", "received_at" DESC)`,
    );
    for (const sql of outboxInboxDdl('mail_ingest').up) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDdl('mail_ingest').down) await runner.query(sql);
    await runner.query(`DROP TABLE "mail_ingest"."inbound_mail"`);
  }
}
