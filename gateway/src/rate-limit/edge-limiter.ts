import { createHash } from 'node:crypto';
import type { OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from '@snaptrack/nest-logging';
import type { GatewayConfig } from '../config/env.js';
import { EdgeLimits, settingOf, type EdgeLimitId } from './edge-limits.js';

/** The gateway's one table: counters shared by every replica (rate-limiter-flexible's layout). */
export const RATE_LIMIT_SCHEMA = 'gateway';
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface Refusal {
  retryAfterSeconds: number;
}

/**
 * Counts requests against the edge limits. With RATE_LIMIT_DATABASE_URL the counters live in
 * Postgres, shared by every gateway replica; without it in this process's memory (`npm start`).
 * A key over its limit is then also blocked in memory until its window ends, so a flood costs
 * no database round trip per request; a database failure falls back to memory counters.
 */
export class EdgeLimiter implements OnApplicationShutdown {
  private constructor(
    private readonly limiters: ReadonlyMap<EdgeLimitId, RateLimiterAbstract>,
    private readonly pool?: pg.Pool,
  ) {}

  static async open(config: GatewayConfig, logger: Logger): Promise<EdgeLimiter> {
    const url = config.RATE_LIMIT_DATABASE_URL;
    if (!url) {
      if (config.NODE_ENV === 'production') {
        logger.warn('RATE_LIMIT_DATABASE_URL is not set: rate limits are per gateway process');
      }
      return new EdgeLimiter(memoryLimiters(config));
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: 5,
      connectionTimeoutMillis: 2_000,
      statement_timeout: 2_000,
    });
    // A database error is logged by the insurance path, not left to crash the process.
    pool.on('error', (error) => logger.warn({ err: error }, 'rate-limit database connection lost'));
    await createTable(pool);
    const limiters = new Map<EdgeLimitId, RateLimiterAbstract>();
    let first = true;
    for (const id of Object.keys(EdgeLimits) as EdgeLimitId[]) {
      const { points, seconds } = settingOf(config, id);
      limiters.set(
        id,
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          schemaName: RATE_LIMIT_SCHEMA,
          tableName: RATE_LIMIT_TABLE,
          tableCreated: true,
          // One sweep of ended windows (every 5 minutes) serves the whole table.
          clearExpiredByTimeout: first,
          keyPrefix: id,
          points,
          duration: seconds,
          inMemoryBlockOnConsumed: points + 1,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: id, points, duration: seconds }),
        }),
      );
      first = false;
    }
    return new EdgeLimiter(limiters, pool);
  }

  /** Counts one request for `key`; a refusal says how long until the window lets it in. */
  async consume(id: EdgeLimitId, key: string): Promise<Refusal | undefined> {
    const limiter = this.limiters.get(id);
    if (!limiter) throw new Error(`unknown rate limit ${id}`);
    try {
      await limiter.consume(storedKey(EdgeLimits[id].key, key));
      return undefined;
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result;
      return { retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end();
  }
}

function memoryLimiters(config: GatewayConfig): Map<EdgeLimitId, RateLimiterAbstract> {
  const limiters = new Map<EdgeLimitId, RateLimiterAbstract>();
  for (const id of Object.keys(EdgeLimits) as EdgeLimitId[]) {
    const { points, seconds } = settingOf(config, id);
    limiters.set(id, new RateLimiterMemory({ keyPrefix: id, points, duration: seconds }));
  }
  return limiters;
}

/** Addresses are hashed: the table needs no one's email in it, and keys stay short. */
function storedKey(kind: 'ip' | 'account' | 'user', key: string): string {
  return kind === 'account' ? createHash('sha256').update(key).digest('base64url') : key;
}

/**
 * Idempotent and safe when two gateways start at once (the loser's duplicate is ignored). The
 * schema is only created when missing: a role that owns it (deploy/postgres/init.sql) need not
 * be allowed to create schemas in the database.
 */
async function createTable(pool: pg.Pool): Promise<void> {
  const { rowCount } = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
    RATE_LIMIT_SCHEMA,
  ]);
  const statements = [
    ...(rowCount ? [] : [`CREATE SCHEMA IF NOT EXISTS "${RATE_LIMIT_SCHEMA}"`]),
    `CREATE TABLE IF NOT EXISTS "${RATE_LIMIT_SCHEMA}"."${RATE_LIMIT_TABLE}" (
       key varchar(255) PRIMARY KEY,
       points integer NOT NULL DEFAULT 0,
       expire bigint
     )`,
  ];
  for (const statement of statements) {
    try {
      await pool.query(statement);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 23505/42P06/42P07: created by another gateway at the same moment.
      if (!['23505', '42P06', '42P07'].includes(code ?? '')) throw error;
    }
  }
}
