import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions signed out one by one (Sign Out on one device). A row lives until its token would
 * have expired anyway; sign out everywhere still raises users.auth_version instead.
 */
export class EndedSessions1764374400000 implements MigrationInterface {
  name = 'EndedSessions1764374400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "auth"."ended_sessions" (
      "session_id" uuid PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
      "expires_at" timestamptz NOT NULL
    )`);
    await runner.query(
      `CREATE INDEX "ended_sessions_expires_idx" ON "auth"."ended_sessions" ("expires_at")`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "auth"."ended_sessions"`);
  }
}
