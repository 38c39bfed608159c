// `npm run bench:search`: the expense list's search (docs/api.md, Search) on one account with
// 100,000 expenses (bench:api's account, tools/bench/bench-data.mjs), each given a description
// and a receipt text of a few lines (item words, a thank-you line in English, German or French).
// A stack of its own (database snaptrack_bench_search, + `_$BENCH_ID` when set; a free port).
// It prints, for a mix of searches (a common word, a rare word only in receipt texts, a partial
// vendor name, an amount, words with filters, min/max_amount):
//   * the service's SQL run directly, one statement at a time (the entities named by the words,
//     count, page, receipt extracts), and the Postgres backend's CPU per search for each;
//   * the gateway under 20 concurrent clients, expenses-service's result cache off (every
//     request counts) and on (the default): p50 / p95 / p99 and requests per second, and the
//     CPU milliseconds per request of each process (process-cpu.mjs), which stay comparable
//     when other work loads the machine.
// Target: p95 <= 50 ms with 20 clients.
//
//   npm run bench:search -- [--duration 10] [--connections 20] [--count 100000] [--keep]
//                           [--database snaptrack_bench_search[_$BENCH_ID]] [--cache off|on|both]
//                           [--skip-direct] [--plain-list] [--cpu-prof DIR]
// --cpu-prof writes a .cpuprofile of the gateway and expenses-service (cpu-profile.cjs).
import 'reflect-metadata';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { stopChildrenOnSignal } from '../lib/processes.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';
import { BENCH_USER, ENTITIES, TAGS, seedBenchAccount, seededRandom } from './bench-data.mjs';
import { cpuSeconds, loadTest, ms, sequential, signIn } from './api-load.mjs';
import { countThenPage } from './list-page-sql.mjs';
import { cpuPerRequest, processCpu } from './process-cpu.mjs';

const benchId = /^[a-z0-9]{1,20}$/.test(process.env.BENCH_ID ?? '') ? process.env.BENCH_ID : '';
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    count: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    // BENCH_ID (letters and digits) suffixes the default, so two checkouts on one machine do
    // not drop each other's database and queues (the prefix follows the database's name).
    database: { type: 'string', default: `snaptrack_bench_search${benchId ? `_${benchId}` : ''}` },
    // Which gateway runs: the result cache off, on, or both (the default).
    cache: { type: 'string', default: 'both' },
    'skip-direct': { type: 'boolean', default: false },
    // Also loads the plain list (no search) on the same stack, for its CPU per request.
    'plain-list': { type: 'boolean', default: false },
    // Writes V8 CPU profiles of the gateway and expenses-service here (cpu-profile.cjs).
    'cpu-prof': { type: 'string' },
  },
});
stopChildrenOnSignal();
const connections = Number(args.connections);
const duration = Number(args.duration);

const dist = (file) => path.join(ROOT, 'apps/expenses-service/dist', file);
const { receiptMatchesSql, searchEntities } = await import(dist('expenses/expense-search.sql.js'));

const PAGE_SIZE = 25;
// Item words of the receipt texts: each text holds three of them.
const ITEMS = [
  'espresso',
  'croissant',
  'sandwich',
  'printer',
  'paper',
  'toner',
  'gasoline',
  'diesel',
  'parking',
  'ticket',
  'notebook',
  'charger',
  'cable',
  'battery',
  'shampoo',
  'aspirin',
  'bagel',
  'salad',
  'pizza',
  'burger',
  'muffin',
  'envelope',
  'stamps',
  'adapter',
  'monitor',
  'keyboard',
  'mouse',
  'headphones',
  'umbrella',
  'sunscreen',
  'water',
  'juice',
  'tea',
  'soup',
  'noodles',
  'rice',
  'bread',
  'cheese',
  'apples',
  'bananas',
];
// A word in about one receipt in ten thousand: what "find that one receipt" looks like.
const RARE = 'pistachio';
const THANKS = [
  'Thank you for your visit and have a nice day',
  'Vielen Dank für Ihren Einkauf und bis bald',
  'Merci de votre visite et à bientôt',
];

/** Descriptions and receipt texts for the seeded rows (one UPDATE; the trigger and the
 * generated column do the rest, as for real writes). Skipped when already there. */
async function addTexts(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS "n" FROM "expenses"."expenses"
     WHERE "user_id" = $1 AND "raw_ocr_text" IS NULL`,
    [BENCH_USER.id],
  );
  if (rows[0].n === 0) return;
  await client.query('SELECT setseed(0.42)');
  await client.query(
    `UPDATE "expenses"."expenses" SET
       "notes" = CASE WHEN random() < 0.3 THEN 'for ' || ($3::text[])[1 + floor(random() * 40)::int]
         END,
       "raw_ocr_text" = upper("vendor") || E'\\n'
         || ($3::text[])[1 + floor(random() * 40)::int] || ' ' || (random() * 20)::numeric(6,2) || E'\\n'
         || ($3::text[])[1 + floor(random() * 40)::int] || ' ' || (random() * 20)::numeric(6,2) || E'\\n'
         || ($3::text[])[1 + floor(random() * 40)::int] || ' ' || (random() * 20)::numeric(6,2) || E'\\n'
         || CASE WHEN random() < 0.0001 THEN $2 || ' gelato ' ELSE '' END
         || 'TOTAL ' || "amount" || E'\\n' || ($4::text[])[1 + floor(random() * 3)::int]
     WHERE "user_id" = $1 AND "raw_ocr_text" IS NULL`,
    [BENCH_USER.id, RARE, ITEMS, THANKS],
  );
  await client.query('VACUUM ANALYZE "expenses"."expenses"');
}

/** The searches, in a fixed random order: the same for SQL and HTTP. */
function searches(seed) {
  const random = seededRandom(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const kinds = [
    () => ({ q: pick(ITEMS) }),
    () => ({ q: RARE }),
    () => ({ q: pick(['harb', 'summ', 'deli', 'outfit', 'electr', 'pharm']) }),
    () => ({ q: `${pick(ITEMS)} ${pick(ITEMS)}` }),
    () => ({ q: `>${100 + Math.floor(random() * 300)}` }),
    () => ({ q: `${(1 + random() * 100).toFixed(2)}` }),
    () => ({ q: pick(ITEMS), entities: [pick(ENTITIES)] }),
    () => ({ q: pick(ITEMS), tags: [pick(TAGS)] }),
    () => ({ q: 'bakery', min_amount: 20, max_amount: 80 }),
    () => ({ q: 'einkauf' }),
  ];
  return () => ({ ...pick(kinds)(), page: 1 + Math.floor(random() * 3), limit: PAGE_SIZE });
}

/** A profiled gateway and expenses-service (cpu-profile.cjs), one folder per cache setting. */
function profiled(dir, cache) {
  if (!dir) return {};
  const options = (name) => ({
    NODE_OPTIONS: `--require ${path.join(ROOT, 'tools/bench/cpu-profile.cjs')}`,
    CPU_PROFILE_DIR: path.resolve(dir, `cache-${cache}`, name),
  });
  return { gateway: options('gateway'), expenses: options('expenses') };
}

function toSearch(query) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat()) search.append(key, String(item));
  }
  return search.toString();
}

async function main() {
  const env = stackEnv({
    NODE_ENV: 'production',
    BILLING: 'off',
    VAR_DIR: path.join(ROOT, 'var', 'bench-search'),
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${args.database}`,
    RMQ_PREFIX: args.database.replace('snaptrack_', '').replace(/[^a-z0-9]/g, ''),
    PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  await migrateAll(env);
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
  const results = [];
  const cpuResults = [];
  let directCpu;
  try {
    const started = Date.now();
    const client = await pool.connect();
    let total;
    try {
      total = await seedBenchAccount(client, Number(args.count));
      await addTexts(client);
    } finally {
      client.release();
    }
    process.stdout.write(
      `bench: ${total} expenses with receipt texts (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );

    // What the service runs per request: the entities the words name, the count, the page,
    // the receipt extracts.
    const next = searches(1);
    if (!args['skip-direct']) {
      // One connection, so its backend's CPU is each statement's (CPU, unlike time, holds
      // up while other work loads the machine).
      const client = await pool.connect();
      try {
        const backend = (await client.query('SELECT pg_backend_pid() AS "pid"')).rows[0].pid;
        const cpu = { entities: 0, count: 0, page: 0, extracts: 0 };
        const run = async (step, sql, params) => {
          const before = cpuSeconds(backend);
          const result = await client.query(sql, params);
          cpu[step] += cpuSeconds(backend) - before;
          return result;
        };
        const db = { query: async (sql, params) => (await run('entities', sql, params)).rows };
        const iterations = 300;
        const direct = await sequential(async () => {
          const query = await searchEntities(db, BENCH_USER.id, next());
          const found = await countThenPage(BENCH_USER.id, query, run);
          if (!found) return;
          const matches = receiptMatchesSql(
            BENCH_USER.id,
            found.rows.map((row) => row.id),
            query.q,
          );
          if (matches) await run('extracts', matches.sql, matches.params);
        }, iterations);
        results.push(['direct SQL, 1 client', direct]);
        directCpu = Object.fromEntries(
          Object.entries(cpu).map(([step, seconds]) => [step, (seconds * 1000) / iterations]),
        );
      } finally {
        client.release();
      }
      // Printed now too: a stack that does not start under load still leaves this figure.
      const [direct] = results.at(-1).slice(1);
      process.stdout.write(
        `direct SQL p50 / p95 / p99: ${ms(direct.p50)} ${ms(direct.p95)} ${ms(direct.p99)}\n` +
          `Postgres CPU ms per search: ${Object.entries(directCpu)
            .map(([step, value]) => `${step} ${value.toFixed(2)}`)
            .join(', ')} (load average ${loadavg()[0].toFixed(1)})\n`,
      );
    }

    const caches = args.cache === 'both' ? ['off', 'on'] : [args.cache];
    for (const cache of caches) {
      const stack = await startStack(
        { ...env, RESULT_CACHE_ENTRIES: cache === 'off' ? '0' : '5000' },
        // Eight services on a loaded machine can take minutes to be ready (load average 30: 3+).
        {
          logDir: path.join(ROOT, 'var', 'bench-search', 'log'),
          readyTimeoutMs: 360_000,
          unitEnv: profiled(args['cpu-prof'], cache),
        },
      );
      try {
        const token = await signIn(stack.baseUrl);
        const nextHttp = searches(2);
        const pids = Object.fromEntries(
          [...stack.handles].map(([name, handle]) => [name, handle.child.pid]),
        );
        const snapshot = processCpu({ pids, pool, database: args.database });
        const measure = async (name, nextPath) => {
          const before = await snapshot();
          const load1 = loadavg()[0];
          const load = await loadTest(stack.baseUrl, token, nextPath, { connections, duration });
          const cpu = cpuPerRequest(before, await snapshot(), load.count);
          results.push([name, load]);
          cpuResults.push([name, cpu, [load1, loadavg()[0]]]);
        };
        await measure(
          `gateway, ${connections} clients, cache ${cache}`,
          () => `/api/expenses?${toSearch(nextHttp())}`,
        );
        if (args['plain-list']) {
          // The same path without a search: what the gateway, the bus and the service cost
          // on their own (pages 1-3 of the unfiltered list read from the per-day counts).
          let plain = 0;
          await measure(
            `plain list, ${connections} clients, cache ${cache}`,
            () => `/api/expenses?page=${1 + (plain++ % 3)}&limit=${PAGE_SIZE}`,
          );
        }
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await pool.end();
    await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
    if (!args.keep) await dropDatabase(env.DATABASE_URL);
  }

  process.stdout.write(
    `\n${'search mix'.padEnd(34)} |     p50     p95     p99 |  req/s | errors\n`,
  );
  for (const [name, r] of results) {
    process.stdout.write(
      `${name.padEnd(34)} | ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} | ${r.rps ? String(Math.round(r.rps)).padStart(6) : '     -'} | ${r.errors ?? 0}\n`,
    );
  }
  process.stdout.write('\nMilliseconds. Target: p95 <= 50 ms with 20 clients.\n');
  for (const [name, cpu, [loadBefore, loadAfter]] of cpuResults) {
    process.stdout.write(
      `\nCPU ms per request, ${name} (load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)}):\n`,
    );
    for (const [process_, value] of Object.entries(cpu).filter(([, v]) => v >= 0.005)) {
      process.stdout.write(`  ${process_.padEnd(20)} ${value.toFixed(2).padStart(7)}\n`);
    }
  }
}

await main();
