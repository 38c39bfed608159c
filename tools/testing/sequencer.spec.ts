import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import DurationBalancedSequencer from './sequencer.mjs';
import seconds from './suite-seconds.json' with { type: 'json' };

const rootDir = '/repo';
const asTest = (file: string) => ({ path: `${rootDir}/${file}`, context: { config: { rootDir } } });
const files = [...Object.keys(seconds), 'apps/new/test/brand-new.int-spec.ts'];

describe('DurationBalancedSequencer', () => {
  it('is weighed by suites of this repository (a key it cannot find counts as a median suite)', () => {
    const repository = path.resolve(import.meta.dirname, '../..');
    const strangers = Object.keys(seconds).filter(
      (file) => !existsSync(path.join(repository, file)),
    );
    expect(strangers).toEqual([]);
  });

  it('splits the suites into disjoint shards that end about together', () => {
    const sequencer = new DurationBalancedSequencer();
    const shards = [1, 2].map((shardIndex) => {
      const chosen = sequencer.shard(files.map(asTest), { shardIndex, shardCount: 2 }) as {
        path: string;
      }[];
      return chosen.map((test) => test.path);
    });
    expect([...shards[0], ...shards[1]].sort()).toEqual(
      files.map((file) => `${rootDir}/${file}`).sort(),
    );
    const time = (shard: string[]) =>
      shard.reduce(
        (sum, file) =>
          sum + ((seconds as Record<string, number>)[file.slice(rootDir.length + 1)] ?? 0),
        0,
      );
    const [first, second] = shards.map(time);
    const longest = Math.max(...Object.values(seconds));
    // The shards start together (tools/test.mjs): within one suite of each other.
    expect(Math.abs(first - second)).toBeLessThanOrEqual(longest);
  });
});
