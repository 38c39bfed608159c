import path from 'node:path';
import { readFileSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';

/**
 * What each integration suite cost in a whole run on the 2-core machine: CPU seconds of the run's
 * process tree where the run measured them (tools/testing/cpu-reporter.mjs), else wall seconds;
 * refresh with `node tools/testing/update-suite-seconds.mjs` after a run. Only a hint for
 * splitting the suites into shards of equal cost: a suite not listed counts as a median one.
 */
const seconds = JSON.parse(readFileSync(new URL('./suite-seconds.json', import.meta.url), 'utf8'));
const known = Object.values(seconds).sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 10;

/**
 * How much later the odd-numbered shards (1, 3, …) start in `npm test`: tools/test.mjs starts
 * them after ESLint, Prettier, the SPA's types and the medium tests, the even-numbered ones after
 * the unit tests, which end about this much earlier (fresh-clone runs: 152 s against 108 s on a
 * quiet machine, 280 s against 219 s on a busy one). Counted as time those shards already have,
 * so that both chains end together rather than one core idling at the end.
 */
export const LATE_START_SECONDS = Number(process.env.SNAPTRACK_SHARD_LATE_START ?? 50);

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
    const totals = Array.from({ length: shardCount }, (_, index) =>
      shardCount > 1 && index % 2 === 0 ? LATE_START_SECONDS : 0,
    );
    const chosen = [];
    for (const entry of weighed) {
      const shard = totals.indexOf(Math.min(...totals));
      totals[shard] += entry.weight;
      if (shard === shardIndex - 1) chosen.push(entry.test);
    }
    return chosen;
  }
}
