import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/** Receipt PDF jobs, plus the schema's outbox and inbox. */
export class CreatePdfJobs1764800000000 implements MigrationInterface {
  name = 'CreatePdfJobs1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "export"."pdf_jobs" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'queued'
        CHECK ("status" IN ('queued', 'processing', 'completed', 'failed')),
      "filters" jsonb NOT NULL,
      "expense_count" integer NOT NULL CHECK ("expense_count" >= 0),
      "processed_count" integer NOT NULL DEFAULT 0 CHECK ("processed_count" >= 0),
      "error" text,
      "file_key" text,
      "file_size" bigint,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "started_at" timestamptz,
      "finished_at" timestamptz,
      "expires_at" timestamptz NOT NULL
    )`);
    await runner.query(
      `CREATE INDEX "pdf_jobs_user_idx" ON "export"."pdf_jobs" ("user_id", "created_at" DESC)`,
    );
    await runner.query(`CREATE INDEX "pdf_jobs_expires_idx" ON "export"."pdf_jobs" ("expires_at")`);
    for (const sql of outboxInboxDdl('export').up) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDdl('export').down) await runner.query(sql);
    await runner.query(`DROP TABLE "export"."pdf_jobs"`);
  }
}
