import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createAuthDataSource } from '../src/database/data-source.js';
import { RateLimiter } from '../src/rate-limit/rate-limiter.js';
import { type Clock } from '../src/tokens.js';

/** The Postgres limiter with a hand-driven clock: an hour passes without waiting for it. */
let dataSource: DataSource;
let now = new Date('2026-11-21T12:00:00Z');
const clock: Clock = { now: () => now };
const rule = { bucket: `test-${randomUUID()}`, limit: 3, windowMs: 3_600_000 };

beforeAll(async () => {
  dataSource = await createAuthDataSource(process.env.SNAPTRACK_DATABASE_URL ?? '').initialize();
});

afterAll(async () => {
  await dataSource.query(`DELETE FROM auth.rate_limits WHERE bucket = $1`, [rule.bucket]);
  await dataSource.destroy();
});

describe('RateLimiter', () => {
  it('counts concurrent hits one by one and opens again when the hour is over', async () => {
    const limiter = new RateLimiter(dataSource, clock);
    const decisions = await Promise.all([1, 2, 3, 4, 5].map(() => limiter.hit(rule, 'a@x')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
    expect((await limiter.check(rule, 'a@x')).allowed).toBe(false);
    now = new Date(now.getTime() + 3_600_000);
    expect((await limiter.hit(rule, 'a@x')).allowed).toBe(true);
  });

  it('sweeps ended windows and keeps running ones', async () => {
    const limiter = new RateLimiter(dataSource, clock);
    await limiter.hit(rule, 'old@x');
    now = new Date(now.getTime() + 30 * 60_000);
    await limiter.hit(rule, 'new@x');
    now = new Date(now.getTime() + 31 * 60_000);
    await limiter.sweep();
    const keys = await dataSource.query<{ key: string }[]>(
      `SELECT key FROM auth.rate_limits WHERE bucket = $1 ORDER BY key`,
      [rule.bucket],
    );
    expect(keys.map((row) => row.key)).toEqual(['new@x']);
  });
});
