import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterHit, decide, type RateDecision, type RateRule, type WindowState } from './window.js';
import { CLOCK, type Clock } from '../tokens.js';

interface Row {
  window_start: Date;
  window_end: Date;
  count: number;
}

/**
 * Fixed-window counters in Postgres, so every replica of auth-service shares them. A hit locks
 * its row, so concurrent hits are counted one after the other; the window arithmetic is the
 * pure `afterHit`/`decide`.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Counts one hit and says whether it is within the limit. */
  async hit(rule: RateRule, key: string): Promise<RateDecision> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "auth"."rate_limits" ("bucket", "key", "window_start", "window_end", "count")
         VALUES ($1, $2, $3, $3, 0) ON CONFLICT DO NOTHING`,
        [rule.bucket, key, now],
      );
      const rows: Row[] = await manager.query(
        `SELECT "window_start", "window_end", "count" FROM "auth"."rate_limits"
         WHERE "bucket" = $1 AND "key" = $2 FOR UPDATE`,
        [rule.bucket, key],
      );
      const next = afterHit(toState(rows[0]), now, rule);
      await manager.query(
        `UPDATE "auth"."rate_limits" SET "window_start" = $3, "window_end" = $4, "count" = $5
         WHERE "bucket" = $1 AND "key" = $2`,
        [rule.bucket, key, next.windowStart, next.windowEnd, next.count],
      );
      return decide(next, now, rule);
    });
  }

  /** Whether the key is already over its limit, without counting a hit. */
  async check(rule: RateRule, key: string): Promise<RateDecision> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT "window_start", "window_end", "count" FROM "auth"."rate_limits"
       WHERE "bucket" = $1 AND "key" = $2`,
      [rule.bucket, key],
    );
    const now = this.clock.now();
    const decision = decide(toState(rows[0]), now, rule);
    return { ...decision, allowed: decision.count < rule.limit };
  }

  /** Gives back one hit (a reserved attempt that turned out not to count). */
  async release(rule: RateRule, key: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "auth"."rate_limits" SET "count" = GREATEST("count" - 1, 0)
       WHERE "bucket" = $1 AND "key" = $2`,
      [rule.bucket, key],
    );
  }

  async clear(rule: RateRule, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "auth"."rate_limits" WHERE "bucket" = $1 AND "key" = $2`,
      [rule.bucket, key],
    );
  }

  /** Deletes ended windows; run hourly by Housekeeping, so stale counters never pile up. */
  async sweep(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM "auth"."rate_limits" WHERE "window_end" <= $1`,
      [this.clock.now()],
    );
    return result[1];
  }
}

function toState(row: Row | undefined): WindowState | null {
  if (!row || row.count === 0) return null;
  return { windowStart: row.window_start, windowEnd: row.window_end, count: row.count };
}
