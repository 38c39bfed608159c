import path from 'node:path';
import { readFileSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';

/**
 * What each integration suite took in a whole `npm test` on the 2-core machine, in wall seconds;
 * refresh with `node tools/testing/update-suite-seconds.mjs` after a run. Only a hint for
 * splitting the suites into shards that end together: a suite not listed counts as a median one.
 */
const seconds = JSON.parse(readFileSync(new URL('./suite-seconds.json', import.meta.url), 'utf8'));
const known = Object.values(seconds).sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 10;

/**
 * `--shard=i/n` by time rather than by count: the longest suite goes to the shard with the least
 * time so far (ties by path, so every shard process computes the same split).
 */
export default class DurationBalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const weighed = tests
      .map((test) => {
        const key = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
        return { test, key, weight: seconds[key] ?? median };
      })
      .sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : 1));
    const totals = Array.from({ length: shardCount }, () => 0);
    const chosen = [];
    for (const entry of weighed) {
      const shard = totals.indexOf(Math.min(...totals));
      totals[shard] += entry.weight;
      if (shard === shardIndex - 1) chosen.push(entry.test);
    }
    return chosen;
  }
}
