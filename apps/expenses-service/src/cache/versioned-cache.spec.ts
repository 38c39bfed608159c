import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { VersionedCache } from './versioned-cache.js';

/** Stands in for TypeORM: answers the version lookup from a map. */
function versions(initial: Record<string, number>) {
  const table = new Map(Object.entries(initial));
  const dataSource = {
    query: (_sql: string, [userId]: [string]) =>
      Promise.resolve(table.has(userId) ? [{ version: String(table.get(userId)) }] : []),
  } as unknown as DataSource;
  return { dataSource, bump: (userId: string) => table.set(userId, (table.get(userId) ?? 0) + 1) };
}

function counter() {
  let calls = 0;
  return {
    compute: () => {
      calls += 1;
      return Promise.resolve(calls);
    },
    get calls() {
      return calls;
    },
  };
}

describe('VersionedCache', () => {
  it('computes once per user data version and key', async () => {
    const { dataSource, bump } = versions({ a: 1 });
    const cache = new VersionedCache(dataSource, { RESULT_CACHE_ENTRIES: 10 });
    const work = counter();
    expect(await cache.get('a', 'k', work.compute)).toBe(1);
    expect(await cache.get('a', 'k', work.compute)).toBe(1);
    expect(await cache.get('a', 'other', work.compute)).toBe(2);
    expect(await cache.get('b', 'k', work.compute)).toBe(3);
    bump('a');
    expect(await cache.get('a', 'k', work.compute)).toBe(4);
    expect(work.calls).toBe(4);
  });

  it('shares one computation between concurrent requests', async () => {
    const { dataSource } = versions({ a: 1 });
    const cache = new VersionedCache(dataSource, { RESULT_CACHE_ENTRIES: 10 });
    const work = counter();
    const results = await Promise.all([1, 2, 3].map(() => cache.get('a', 'k', work.compute)));
    expect(results).toEqual([1, 1, 1]);
    expect(work.calls).toBe(1);
  });

  it('forgets a failed computation, evicts the least recently used, and can be off', async () => {
    const { dataSource } = versions({ a: 1 });
    const cache = new VersionedCache(dataSource, { RESULT_CACHE_ENTRIES: 2 });
    await expect(cache.get('a', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await cache.get('a', 'k', () => Promise.resolve('ok'))).toBe('ok');
    await cache.get('a', 'x', () => Promise.resolve('x'));
    await cache.get('a', 'k', () => Promise.resolve('stale?'));
    await cache.get('a', 'y', () => Promise.resolve('y'));
    // 'x' was the least recently used of the two kept entries.
    expect(await cache.get('a', 'x', () => Promise.resolve('x again'))).toBe('x again');
    const off = new VersionedCache(dataSource, { RESULT_CACHE_ENTRIES: 0 });
    const work = counter();
    await off.get('a', 'k', work.compute);
    await off.get('a', 'k', work.compute);
    expect(work.calls).toBe(2);
  });
});
