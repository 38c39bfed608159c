import type { MigrationInterface, QueryRunner } from 'typeorm';
import { outboxInboxDdl } from '@snaptrack/nest-rmq/outbox-ddl';

/** Accounts, plus the outbox and inbox of the auth schema. */
export class CreateUsers1763769600000 implements MigrationInterface {
  name = 'CreateUsers1763769600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "auth"."users" (
      "id" uuid PRIMARY KEY,
      "email" text NOT NULL,
      "password_hash" text,
      "full_name" text,
      "avatar_url" text,
      "auth_version" integer NOT NULL DEFAULT 1,
      "has_email" boolean NOT NULL DEFAULT true,
      "contact_email" text,
      "email_username" text,
      "email_username_changed_at" timestamptz,
      "personal_subdomain" text,
      "subscription_status" text NOT NULL DEFAULT 'none'
        CHECK ("subscription_status" IN ('active', 'past_due', 'canceled', 'none')),
      "subscription_period_end" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "users_email_key" UNIQUE ("email"),
      CONSTRAINT "users_email_username_key" UNIQUE ("email_username"),
      CONSTRAINT "users_personal_subdomain_key" UNIQUE ("personal_subdomain")
    )`);
    for (const sql of outboxInboxDdl('auth').up) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of outboxInboxDdl('auth').down) await runner.query(sql);
    await runner.query(`DROP TABLE "auth"."users"`);
  }
}
