// `npm run bench:lighthouse`: Lighthouse's four scores (performance, accessibility, best
// practices, SEO) for the landing page and the signed-in demo dashboard at a phone's size, on a
// stack of its own (database snaptrack_lighthouse, queue prefix `lighthouse`, free ports) serving
// the built app (`npm run build` first). Performance is Lighthouse's simulated slow 4G and 4×
// slower CPU, so a busy machine still lowers it: run it on a quiet one.
//
//   npm run bench:lighthouse -- [--runs 3] [--reports DIR]
//
// It prints each run's scores and the metrics behind performance (FCP, LCP, TBT, CLS, speed
// index), with several runs the medians. `--reports DIR` keeps the full reports (DIR/run-N/*.json).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import {
  LIGHTHOUSE_CATEGORIES,
  PERFORMANCE_METRICS,
  auditLandingAndDashboard,
} from '../lib/lighthouse.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';

const { DemoAccount } = await import('@snaptrack/contracts');
const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, reports: { type: 'string' } },
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// The four scores, then the metrics behind performance (ms; CLS unitless).
const COLUMNS = [...LIGHTHOUSE_CATEGORIES, ...Object.keys(PERFORMANCE_METRICS)];
const columnsOf = (audit) => ({ ...audit.scores, ...audit.metrics });

function table(title, rows) {
  const out = (line) => process.stdout.write(`${line}\n`);
  out(`\n${title}\n`);
  out(`| page | ${COLUMNS.join(' | ')} |`);
  out(`|---|${COLUMNS.map(() => '---').join('|')}|`);
  for (const [page, values] of rows)
    out(`| ${page} | ${COLUMNS.map((c) => values[c] ?? '').join(' | ')} |`);
}

async function main() {
  const varDir = path.join(ROOT, 'var', 'lighthouse');
  const env = stackEnv({
    VAR_DIR: varDir,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/snaptrack_lighthouse',
    RMQ_PREFIX: 'lighthouse',
    PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  });
  try {
    await migrateAll(env);
    const stack = await startStack(env, { logDir: path.join(varDir, 'log') });
    const runs = [];
    try {
      for (let run = 1; run <= Number(args.runs); run += 1) {
        const pages = await auditLandingAndDashboard({
          baseUrl: stack.baseUrl,
          email: DemoAccount.email,
          password: DemoAccount.password,
          reportDir: args.reports && path.resolve(args.reports, `run-${run}`),
        });
        runs.push(pages);
        table(
          `run ${run}`,
          Object.entries(pages).map(([page, audit]) => [page, columnsOf(audit)]),
        );
        for (const [page, audit] of Object.entries(pages))
          if (audit.failing.length)
            process.stdout.write(`${page}: ${audit.failing.map((a) => a.id).join(', ')}\n`);
      }
    } finally {
      await stack.stop();
    }
    if (runs.length > 1) {
      const medians = ['landing', 'dashboard'].map((page) => [
        page,
        Object.fromEntries(COLUMNS.map((c) => [c, median(runs.map((r) => columnsOf(r[page])[c]))])),
      ]);
      table(`medians of ${runs.length} runs`, medians);
    }
    process.stdout.write(
      '\nTargets: performance >= 90, accessibility >= 95, best practices >= 95.\n',
    );
  } finally {
    await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
    await dropDatabase(env.DATABASE_URL);
  }
}

await main();
