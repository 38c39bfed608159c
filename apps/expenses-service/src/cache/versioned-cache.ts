import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ExpensesConfig } from '../config/env.js';
import { EXPENSES_CONFIG } from '../tokens.js';

/**
 * Results computed from one user's expenses (summary, statistics, list counts), kept per
 * replica until that user's data changes. Every change raises `user_versions.version` in the
 * same transaction (a trigger), and the version is part of the key, so an entry is never
 * older than the data it was asked for: reading the version costs one primary-key lookup.
 * Concurrent requests for the same key share one computation. Bounded, least recently used
 * first out.
 */
@Injectable()
export class VersionedCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private readonly capacity: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EXPENSES_CONFIG) config: Pick<ExpensesConfig, 'RESULT_CACHE_ENTRIES'>,
  ) {
    this.capacity = config.RESULT_CACHE_ENTRIES;
  }

  async get<T>(userId: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (this.capacity === 0) return compute();
    const rows: { version: string }[] = await this.dataSource.query(
      `SELECT "version"::text AS "version" FROM "expenses"."user_versions" WHERE "user_id" = $1`,
      [userId],
    );
    const fullKey = `${userId}|${rows[0]?.version ?? '0'}|${key}`;
    const cached = this.entries.get(fullKey) as Promise<T> | undefined;
    if (cached) {
      this.entries.delete(fullKey);
      this.entries.set(fullKey, cached);
      return cached;
    }
    const pending = compute();
    this.entries.set(fullKey, pending);
    void pending.catch(() => this.entries.delete(fullKey));
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return pending;
  }
}
