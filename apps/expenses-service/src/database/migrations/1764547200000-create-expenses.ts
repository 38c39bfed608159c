import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/** Entities, the tag catalogue and expenses, plus the outbox and inbox of the schema. */
export class CreateExpenses1764547200000 implements MigrationInterface {
  name = 'CreateExpenses1764547200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."entities" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 100),
      "description" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "entities_user_id_id_key" UNIQUE ("user_id", "id")
    )`);
    // Names are unique per user ignoring case: 'acme' and 'Acme' are the same entity.
    await runner.query(
      `CREATE UNIQUE INDEX "entities_user_name_key" ON "expenses"."entities" ("user_id", lower("name"))`,
    );

    await runner.query(`CREATE TABLE "expenses"."tags" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 50),
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(
      `CREATE UNIQUE INDEX "tags_user_name_key" ON "expenses"."tags" ("user_id", lower("name"))`,
    );

    await runner.query(`CREATE TABLE "expenses"."expenses" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL,
      "vendor" text NOT NULL DEFAULT '',
      "amount" numeric(12,2) NOT NULL DEFAULT 0 CHECK ("amount" >= 0),
      "currency" text NOT NULL DEFAULT 'USD' CHECK ("currency" ~ '^[A-Z]{3}$'),
      "expense_date" date NOT NULL DEFAULT CURRENT_DATE,
      "notes" text,
      "entity_id" uuid,
      "tags" text[] NOT NULL DEFAULT '{}' CHECK (cardinality("tags") <= 5),
      "ocr_confidence" real CHECK ("ocr_confidence" BETWEEN 0 AND 1),
      "image_key" text,
      "extraction_method" text NOT NULL DEFAULT 'manual'
        CHECK ("extraction_method" IN ('image', 'text', 'manual')),
      "email_subject" text,
      "raw_ocr_text" text,
      "status" text NOT NULL DEFAULT 'ready' CHECK ("status" IN ('processing', 'ready', 'failed')),
      "processing_error" text,
      "content_sha256" text,
      "duplicate_of" uuid REFERENCES "expenses"."expenses" ("id") ON DELETE SET NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      -- The entity must be one of the same user's; removing it leaves the expense Unassigned.
      CONSTRAINT "expenses_entity_fkey" FOREIGN KEY ("user_id", "entity_id")
        REFERENCES "expenses"."entities" ("user_id", "id") ON DELETE SET NULL ("entity_id")
    )`);
    // The list's order, and the date range of the summary and statistics, per user.
    await runner.query(
      `CREATE INDEX "expenses_user_date_idx" ON "expenses"."expenses"
       ("user_id", "expense_date" DESC, "created_at" DESC, "id" DESC)`,
    );
    // The list filtered by entity, in the list's order; also serves the entity foreign key.
    await runner.query(
      `CREATE INDEX "expenses_user_entity_date_idx" ON "expenses"."expenses"
       ("user_id", "entity_id", "expense_date" DESC, "created_at" DESC, "id" DESC)`,
    );
    await runner.query(
      `CREATE INDEX "expenses_duplicate_of_idx" ON "expenses"."expenses" ("duplicate_of") WHERE "duplicate_of" IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX "expenses_user_sha256_idx" ON "expenses"."expenses" ("user_id", "content_sha256") WHERE "content_sha256" IS NOT NULL`,
    );
    // A counter per user that every change to the user's expenses raises, in the same
    // transaction: cached summaries, statistics and list counts are keyed by it, so a cached
    // number is never older than the data it was read for. Statement-level triggers keep bulk
    // writes at one bump per statement and per user.
    await runner.query(`CREATE TABLE "expenses"."user_versions" (
      "user_id" uuid PRIMARY KEY,
      "version" bigint NOT NULL DEFAULT 1,
      "changed_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE FUNCTION "expenses"."bump_user_versions"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "expenses"."user_versions" AS v ("user_id")
        SELECT DISTINCT "user_id" FROM changed
        ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1, "changed_at" = now();
        RETURN NULL;
      END $$`);
    for (const [event, table] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await runner.query(
        `CREATE TRIGGER "expenses_${event.toLowerCase()}_version" AFTER ${event}
         ON "expenses"."expenses" REFERENCING ${table} TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION "expenses"."bump_user_versions"()`,
      );
    }
    for (const sql of outboxInboxDdl('expenses').up) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDdl('expenses').down) await runner.query(sql);
    await runner.query(`DROP TABLE "expenses"."expenses"`);
    await runner.query(`DROP FUNCTION "expenses"."bump_user_versions"()`);
    await runner.query(`DROP TABLE "expenses"."user_versions"`);
    await runner.query(`DROP TABLE "expenses"."tags"`);
    await runner.query(`DROP TABLE "expenses"."entities"`);
  }
}
