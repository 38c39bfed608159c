import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-time codes (reset, setup, email verification, OIDC state and hand-off), rate-limit
 * windows, linked Google/Apple identities, the user's email addresses, and the username
 * registry with its history.
 */
export class AccountsAndIdentity1763942400000 implements MigrationInterface {
  name = 'AccountsAndIdentity1763942400000';

  async up(runner: QueryRunner): Promise<void> {
    // Only the SHA-256 of a code is stored; a code is used at most once.
    await runner.query(`CREATE TABLE "auth"."action_codes" (
      "id" uuid PRIMARY KEY,
      "purpose" text NOT NULL
        CHECK ("purpose" IN ('password_reset', 'password_setup', 'email_verify', 'oidc_state', 'oidc_result')),
      "code_hash" text NOT NULL,
      "user_id" uuid REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "payload" jsonb NOT NULL DEFAULT '{}',
      "idempotency_key" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      "used_at" timestamptz,
      "revoked_at" timestamptz,
      CONSTRAINT "action_codes_code_hash_key" UNIQUE ("code_hash"),
      CONSTRAINT "action_codes_idempotency_key" UNIQUE ("purpose", "idempotency_key")
    )`);
    await runner.query(
      `CREATE INDEX "action_codes_open_idx" ON "auth"."action_codes" ("user_id", "purpose")
       WHERE "used_at" IS NULL AND "revoked_at" IS NULL`,
    );
    await runner.query(
      `CREATE INDEX "action_codes_expires_idx" ON "auth"."action_codes" ("expires_at")`,
    );
    await runner.query(`CREATE TABLE "auth"."rate_limits" (
      "bucket" text NOT NULL,
      "key" text NOT NULL,
      "window_start" timestamptz NOT NULL,
      "window_end" timestamptz NOT NULL,
      "count" integer NOT NULL,
      PRIMARY KEY ("bucket", "key")
    )`);
    await runner.query(
      `CREATE INDEX "rate_limits_window_end_idx" ON "auth"."rate_limits" ("window_end")`,
    );
    await runner.query(`CREATE TABLE "auth"."identities" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "provider" text NOT NULL CHECK ("provider" IN ('google', 'apple')),
      "subject" text NOT NULL,
      "email" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "identities_provider_subject_key" UNIQUE ("provider", "subject"),
      CONSTRAINT "identities_user_provider_key" UNIQUE ("user_id", "provider")
    )`);
    await runner.query(`CREATE TABLE "auth"."user_emails" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "email" text NOT NULL,
      "email_type" text NOT NULL CHECK ("email_type" IN ('primary', 'contact', 'additional')),
      "is_verified" boolean NOT NULL DEFAULT false,
      "opted_in_transactional" boolean NOT NULL DEFAULT true,
      "opted_in_marketing" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "verified_at" timestamptz,
      CONSTRAINT "user_emails_user_email_key" UNIQUE ("user_id", "email")
    )`);
    // An address belongs to one account once it is a sign-in address or verified; an unverified
    // claim blocks nobody (no squatting on other people's addresses).
    await runner.query(
      `CREATE UNIQUE INDEX "user_emails_claimed_key" ON "auth"."user_emails" ("email")
       WHERE "is_verified" OR "email_type" = 'primary'`,
    );
    // Every username ever assigned stays here, so a released receipt address never reaches
    // someone else. The primary key decides concurrent assigns.
    await runner.query(`CREATE TABLE "auth"."usernames" (
      "username" text PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "auth"."username_history" (
      "id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "old_username" text,
      "new_username" text NOT NULL,
      "changed_at" timestamptz NOT NULL DEFAULT now(),
      "changed_by" text NOT NULL DEFAULT 'user'
    )`);
    await runner.query(
      `CREATE INDEX "username_history_user_idx" ON "auth"."username_history" ("user_id", "changed_at")`,
    );
    await runner.query(`INSERT INTO "auth"."user_emails" ("id", "user_id", "email", "email_type", "is_verified", "verified_at")
      SELECT gen_random_uuid(), "id", "email", 'primary', true, now() FROM "auth"."users"`);
    await runner.query(`INSERT INTO "auth"."usernames" ("username", "user_id")
      SELECT "email_username", "id" FROM "auth"."users" WHERE "email_username" IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."username_history"`);
    await runner.query(`DROP TABLE "auth"."usernames"`);
    await runner.query(`DROP TABLE "auth"."user_emails"`);
    await runner.query(`DROP TABLE "auth"."identities"`);
    await runner.query(`DROP TABLE "auth"."rate_limits"`);
    await runner.query(`DROP TABLE "auth"."action_codes"`);
  }
}
