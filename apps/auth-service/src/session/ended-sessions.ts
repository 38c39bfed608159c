import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '../tokens.js';

/**
 * Sessions signed out one at a time (Sign Out on one device). Each row names the token's
 * session id and lives until that token would have expired; then the sweep drops it.
 */
@Injectable()
export class EndedSessions {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Ends one session of the user; ending it twice is the same as once. */
  async end(userId: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "auth"."ended_sessions" ("session_id", "user_id", "expires_at")
       VALUES ($1, $2, $3) ON CONFLICT ("session_id") DO NOTHING`,
      [sessionId, userId, expiresAt],
    );
  }

  async isEnded(userId: string, sessionId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "auth"."ended_sessions" WHERE "session_id" = $1 AND "user_id" = $2`,
      [sessionId, userId],
    );
    return rows.length > 0;
  }

  /** Rows whose token has expired anyway; returns how many went. */
  async sweep(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM "auth"."ended_sessions" WHERE "expires_at" < $1`,
      [this.clock.now()],
    );
    return result[1];
  }
}
