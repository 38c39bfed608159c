import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/** Readings of receipts (one row per job), plus the outbox and inbox of the schema. */
export class CreateOcr1764806400000 implements MigrationInterface {
  name = 'CreateOcr1764806400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "ocr"."readings" (
      "job_id" uuid PRIMARY KEY,
      "expense_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "status" text NOT NULL CHECK ("status" IN ('ready', 'failed')),
      "method" text NOT NULL,
      "error" text,
      "duration_ms" integer NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "readings_expense_idx" ON "ocr"."readings" ("expense_id")`);
    for (const sql of outboxInboxDdl('ocr').up) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDdl('ocr').down) await runner.query(sql);
    await runner.query(`DROP TABLE "ocr"."readings"`);
  }
}
