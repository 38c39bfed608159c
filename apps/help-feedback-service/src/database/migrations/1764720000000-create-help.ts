import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/**
 * Help categories and articles (loaded from content/help on start, searchable through a
 * weighted tsvector), article votes, user feedback, plus the schema's outbox and inbox.
 */
export class CreateHelp1764720000000 implements MigrationInterface {
  name = 'CreateHelp1764720000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "help"."categories" (
      "key" text PRIMARY KEY CHECK ("key" ~ '^[a-z0-9-]{1,60}$'),
      "title" text NOT NULL,
      "description" text NOT NULL DEFAULT '',
      "position" integer NOT NULL DEFAULT 0
    )`);
    await runner.query(`CREATE TABLE "help"."articles" (
      "id" uuid PRIMARY KEY,
      "key" text NOT NULL UNIQUE CHECK ("key" ~ '^[a-z0-9-]{1,80}$'),
      "category_key" text NOT NULL REFERENCES "help"."categories" ("key") ON UPDATE CASCADE,
      "title" text NOT NULL,
      "excerpt" text NOT NULL DEFAULT '',
      "content" text NOT NULL,
      "video_url" text,
      "position" integer NOT NULL DEFAULT 0,
      "published" boolean NOT NULL DEFAULT true,
      "view_count" integer NOT NULL DEFAULT 0,
      "helpful_count" integer NOT NULL DEFAULT 0,
      "not_helpful_count" integer NOT NULL DEFAULT 0,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      -- Title weighs most, then the excerpt, then the body (ts_rank uses the weights).
      "search" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', "title"), 'A') ||
        setweight(to_tsvector('english', "excerpt"), 'B') ||
        setweight(to_tsvector('english', "content"), 'C')
      ) STORED
    )`);
    await runner.query(
      `CREATE INDEX "articles_search_idx" ON "help"."articles" USING gin ("search")`,
    );
    await runner.query(`CREATE TABLE "help"."article_feedback" (
      "id" uuid PRIMARY KEY,
      "article_id" uuid NOT NULL REFERENCES "help"."articles" ("id") ON DELETE CASCADE,
      "user_id" uuid,
      "is_helpful" boolean NOT NULL,
      "feedback_text" text CHECK (char_length("feedback_text") <= 2000),
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "help"."feedback" (
      "id" uuid PRIMARY KEY,
      -- NULL for anonymous submissions: the user id is never stored for them.
      "user_id" uuid,
      "type" text NOT NULL CHECK ("type" IN ('general_rating', 'problem_report', 'feature_request')),
      "category" text NOT NULL,
      "rating" smallint CHECK ("rating" BETWEEN 1 AND 5),
      "subject" text CHECK (char_length("subject") <= 100),
      "message" text NOT NULL CHECK (char_length("message") BETWEEN 10 AND 2000),
      "anonymous" boolean NOT NULL DEFAULT false,
      "platform" text NOT NULL DEFAULT 'web',
      "context" text CHECK (char_length("context") <= 500),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CHECK ("type" <> 'general_rating' OR "rating" IS NOT NULL),
      CHECK (NOT "anonymous" OR "user_id" IS NULL)
    )`);
    await runner.query(
      `CREATE INDEX "feedback_created_idx" ON "help"."feedback" ("created_at" DESC)`,
    );
    for (const statement of outboxInboxDdl('help').up) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of outboxInboxDdl('help').down) await runner.query(statement);
    await runner.query(`DROP TABLE "help"."feedback"`);
    await runner.query(`DROP TABLE "help"."article_feedback"`);
    await runner.query(`DROP TABLE "help"."articles"`);
    await runner.query(`DROP TABLE "help"."categories"`);
  }
}
