// `npm run bench:api`: one account with 100,000 expenses over three years (5 entities, 30 tags)
// on a stack of its own (database snaptrack_bench, queue prefix `bench`, a free port). For the
// list (random pages and filters), the summary and the statistics of each period it prints:
//   * the same SQL the service runs, run directly, one statement at a time: p50 / p95 / p99;
//   * the gateway with one client, one request at a time, with expenses-service's result cache
//     off (every request computes): p50, and its overhead over the direct SQL;
//   * the gateway under 50 concurrent clients (autocannon), cache off and cache on (the
//     default: summaries, statistics and list counts kept until the user's data changes):
//     p50 / p95 / p99 and requests per second.
//
//   npm run bench:api -- [--duration 10] [--connections 50] [--keep] [--only list,summary,statistics]
//                        [--database snaptrack_bench] [--tracing [--trace-share 0.1]]
//                        [--compare-metrics [--rounds 4] [--identical]]
//
// --keep leaves the database (and the seeded rows) for the next run. --tracing turns
// OpenTelemetry on in every process, exporting to a local receiver that drops the spans
// (compare with a run without it: docs/operations.md, Traces), recording the share of requests
// the deployments ship (--trace-share, OTEL_TRACES_SAMPLER_ARG: 0.1; 1 records every request).
// --compare-metrics measures the same scenarios on a stack with metrics on and one with metrics
// off, interleaved (api-metrics-compare.mjs), instead of the run above; with --identical both
// sides are off, so what it reads is its own noise.
import 'reflect-metadata';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { stopChildrenOnSignal } from '../lib/processes.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';
import { startOtlpSink } from './otlp-sink.mjs';
import {
  BENCH_USER,
  ENTITIES,
  TAGS,
  VENDORS,
  seedBenchAccount,
  seededRandom,
} from './bench-data.mjs';
import { getter, loadTest, ms, sequential, signIn } from './api-load.mjs';
import { compareMetrics } from './api-metrics-compare.mjs';
import { countThenPage } from './list-page-sql.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', default: 'list,summary,statistics' },
    count: { type: 'string', default: '100000' },
    // Another name keeps a run apart from other benches that use snaptrack_bench.
    database: { type: 'string', default: 'snaptrack_bench' },
    tracing: { type: 'boolean', default: false },
    'trace-share': { type: 'string', default: '0.1' },
    'compare-metrics': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '4' },
    identical: { type: 'boolean', default: false },
  },
});
// Ctrl-C stops the stacks instead of leaving their processes behind.
stopChildrenOnSignal();
const duration = Number(args.duration);
const connections = Number(args.connections);
const only = new Set(args.only.split(','));
// The processes would refuse it at start, which the bench would only see as a stack never ready.
const traceShare = args['trace-share'].trim() === '' ? NaN : Number(args['trace-share']);
if (!(traceShare >= 0 && traceShare <= 1)) {
  process.stderr.write('bench: --trace-share must be a number from 0 to 1\n');
  process.exit(64);
}

const dist = (file) => path.join(ROOT, 'apps/expenses-service/dist', file);
const { statisticsSql, summarySql } = await import(dist('statistics/statistics.sql.js'));
const { statisticsRange, summaryRange, todayIn } = await import(dist('statistics/periods.js'));

const TZ = 'America/Chicago';
const PAGE_SIZE = 25;

/** Random pages and filters for the list, the same sequence for HTTP and SQL. */
function listQueries(total, seed) {
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  return () => {
    const query = {};
    const roll = random();
    if (roll < 0.2) query.entities = [pick(ENTITIES)];
    else if (roll < 0.35) query.tags = [pick(TAGS), pick(TAGS)];
    else if (roll < 0.45) {
      const days = 30 + Math.floor(random() * 300);
      const end = new Date(Date.now() - Math.floor(random() * 600) * 86_400_000);
      query.start_date = new Date(end.getTime() - days * 86_400_000).toISOString().slice(0, 10);
      query.end_date = end.toISOString().slice(0, 10);
    } else if (roll < 0.5) query.vendor = pick(VENDORS).split(' ')[1].toLowerCase();
    // Filtered lists are shorter: stay within their first pages.
    const pages = Math.ceil((Object.keys(query).length ? total / 8 : total) / PAGE_SIZE);
    query.page = 1 + Math.floor(random() * Math.max(1, pages));
    query.limit = PAGE_SIZE;
    return query;
  };
}

function toSearch(query) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat()) search.append(key, String(item));
  }
  return search.toString();
}

function scenariosFor(total, today, pool) {
  const scenarios = [];
  if (only.has('list')) {
    scenarios.push({
      name: 'list (random pages/filters)',
      http: () => {
        const next = listQueries(total, 1);
        return () => `/api/expenses?${toSearch(next())}`;
      },
      // What the service does: the filter's count, then the page.
      sql: () => {
        const next = listQueries(total, 1);
        return async () => {
          await countThenPage(BENCH_USER.id, next(), (_step, sql, params) =>
            pool.query(sql, params),
          );
        };
      },
    });
  }
  if (only.has('summary')) {
    for (const period of ['today', 'week', 'month', 'all']) {
      const built = summarySql(BENCH_USER.id, summaryRange(period, today), 'USD');
      scenarios.push({
        name: `summary ${period}`,
        http: () => () => `/api/expenses/summary?period=${period}&tz=${encodeURIComponent(TZ)}`,
        sql: () => () => pool.query(built.sql, built.params),
      });
    }
  }
  if (only.has('statistics')) {
    for (const period of ['today', 'week', 'month', 'year', 'all']) {
      const built = statisticsSql(BENCH_USER.id, statisticsRange(period, today), today, 'USD');
      scenarios.push({
        name: `statistics ${period}`,
        http: () => () => `/api/statistics?period=${period}&tz=${encodeURIComponent(TZ)}`,
        sql: () => () => pool.query(built.sql, built.params),
      });
    }
  }
  return scenarios;
}

async function main() {
  const varDir = path.join(ROOT, 'var', 'bench');
  const env = stackEnv({
    NODE_ENV: 'production',
    // Production refuses the local checkout; these benches need no billing at all.
    BILLING: 'off',
    VAR_DIR: varDir,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${args.database}`,
    RMQ_PREFIX: args.database.replace('snaptrack_', '').replace(/[^a-z0-9]/g, ''),
    PORT: String(await freePort()),
    // Not the default 2525: another stack on the machine may have it.
    SMTP_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  const sink = args.tracing ? await startOtlpSink() : undefined;
  if (sink) {
    env.OTEL_EXPORTER_OTLP_ENDPOINT = sink.url;
    env.OTEL_TRACES_SAMPLER_ARG = args['trace-share'];
  }
  await migrateAll(env);
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
  const results = new Map();
  try {
    const seedStarted = Date.now();
    const client = await pool.connect();
    const total = await seedBenchAccount(client, Number(args.count)).finally(() =>
      client.release(),
    );
    process.stdout.write(
      `bench: ${total} expenses for ${BENCH_USER.email} (${((Date.now() - seedStarted) / 1000).toFixed(1)} s)\n`,
    );
    const scenarios = scenariosFor(total, todayIn(TZ), pool);
    if (args['compare-metrics']) {
      const logDir = path.join(varDir, 'log');
      await compareMetrics(env, scenarios, {
        rounds: Number(args.rounds),
        identical: args.identical,
        logDir,
        connections,
        duration,
        iterations: 100,
      });
      return;
    }
    for (const scenario of scenarios) {
      const sqlRun = scenario.sql();
      await sequential(sqlRun, 20);
      const direct = await sequential(sqlRun, 200);
      results.set(scenario.name, { direct });
      // Printed as it comes: the stack below may fail to start on a busy machine.
      process.stdout.write(
        `bench: ${scenario.name}, direct SQL p50/p95/p99 ${ms(direct.p50)} ${ms(direct.p95)} ${ms(direct.p99)}\n`,
      );
    }
    for (const cache of ['off', 'on']) {
      const stack = await startStack(
        { ...env, RESULT_CACHE_ENTRIES: cache === 'off' ? '0' : '5000' },
        { logDir: path.join(varDir, 'log') },
      );
      try {
        const token = await signIn(stack.baseUrl);
        const get = getter(stack.baseUrl, token);
        for (const scenario of scenarios) {
          process.stdout.write(`bench: ${scenario.name}, cache ${cache}\n`);
          const result = results.get(scenario.name);
          if (cache === 'off') {
            const httpPath = scenario.http();
            await sequential(() => get(httpPath()), 20);
            result.single = await sequential(() => get(httpPath()), 200);
          }
          result[`load_${cache}`] = await loadTest(stack.baseUrl, token, scenario.http(), {
            connections,
            duration,
          });
        }
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await pool.end();
    await sink?.close();
    await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
    if (!args.keep) await dropDatabase(env.DATABASE_URL);
  }

  const load = (value) =>
    `${ms(value.p50)} ${ms(value.p95)} ${ms(value.p99)} ${String(Math.round(value.rps)).padStart(6)}${value.errors ? ` (${value.errors} errors)` : ''}`;
  const lines = [
    `${''.padEnd(28)} | direct SQL              | 1 client, no cache | ${connections} clients, no cache           | ${connections} clients, cache on`,
    `${'scenario'.padEnd(28)} |     p50     p95     p99 |     p50  overhead |     p50     p95     p99  req/s |     p50     p95     p99  req/s`,
  ];
  process.stdout.write(`\n${lines.join('\n')}\n${'-'.repeat(lines[1].length)}\n`);
  for (const [name, r] of results) {
    process.stdout.write(
      `${name.padEnd(28)} | ${ms(r.direct.p50)} ${ms(r.direct.p95)} ${ms(r.direct.p99)} | ${ms(r.single.p50)}   ${ms(r.single.p50 - r.direct.p50)} | ${load(r.load_off)} | ${load(r.load_on)}\n`,
    );
  }
  if (sink) {
    const { batches, bytes } = sink.received();
    process.stdout.write(
      `\nTracing on: ${batches} OTLP batches, ${(bytes / 1e6).toFixed(1)} MB.\n`,
    );
  }
  process.stdout.write(
    '\nMilliseconds. "overhead" = gateway p50 with one client minus the direct SQL p50. Targets:\n' +
      `list p99 <= 30 ms and statistics p95 <= 100 ms with ${connections} clients; overhead <= 3 ms at p50.\n`,
  );
}

await main();
