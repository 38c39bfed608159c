// `npm run bench:api -- --compare-metrics [--tracing]`: the cost of measuring. Two stacks on
// the same database at once, one with every process measuring (and scraped every 15 s, as
// Prometheus does; with --tracing also tracing, to a sink that drops the spans) and one with
// neither; each round runs every scenario on both, in alternating order (on/off, then off/on),
// so a load spike from other work on the machine hits both sides alike. With --identical the
// 'on' side is set up as the 'off' one: what the bench reads then is its own noise and bias.
// Per run: p50 with one client, p50 and requests/s with `connections` clients (result cache off),
// CPU milliseconds per request of the gateway and expenses-service, and the load average.
import { loadavg } from 'node:os';
import path from 'node:path';
import { metricsPorts, startStack } from '../lib/stack.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';
import { cpuSeconds, getter, loadTest, ms, sequential, signIn } from './api-load.mjs';

const SCRAPE_EVERY_MS = 15_000;

async function startSide(env, side, logDir, identical) {
  const measuring = side === 'on' && !identical;
  const { unitEnv, urls } = await metricsPorts(freePort);
  const sideEnv = {
    ...env,
    RMQ_PREFIX: `${env.RMQ_PREFIX}${side}`,
    PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    RESULT_CACHE_ENTRIES: '0',
    METRICS_ENABLED: measuring ? 'true' : 'false',
  };
  if (!measuring) {
    for (const name of Object.keys(unitEnv)) delete unitEnv[name].METRICS_PORT;
    // --tracing: the 'on' side also traces (the endpoint in env); the 'off' side never does.
    delete sideEnv.OTEL_EXPORTER_OTLP_ENDPOINT;
  }
  // Nine processes booting on a busy 2-core machine can take minutes.
  const stack = await startStack(sideEnv, {
    logDir: path.join(logDir, side),
    unitEnv,
    readyTimeoutMs: 600_000,
  }).catch(async (error) => {
    // startStack declared this side's queues before it gave up.
    await deleteRunQueues(sideEnv.RABBITMQ_URL, sideEnv.RMQ_PREFIX);
    throw error;
  });
  const token = await signIn(stack.baseUrl);
  const scrape = measuring
    ? setInterval(() => {
        for (const url of Object.values(urls))
          fetch(url).then(
            (r) => r.text(),
            () => {},
          );
      }, SCRAPE_EVERY_MS)
    : undefined;
  return {
    side,
    stack,
    token,
    env: sideEnv,
    get: getter(stack.baseUrl, token),
    pid: (name) => stack.handles.get(name).child.pid,
    async stop() {
      clearInterval(scrape);
      await stack.stop();
      await deleteRunQueues(sideEnv.RABBITMQ_URL, sideEnv.RMQ_PREFIX);
    },
  };
}

async function measure(side, scenario, options) {
  const load1 = loadavg()[0];
  const httpPath = scenario.http();
  await sequential(() => side.get(httpPath()), 10);
  const single = await sequential(() => side.get(httpPath()), options.iterations);
  const pids = { gateway: side.pid('gateway'), expenses: side.pid('expenses') };
  const before = { gateway: cpuSeconds(pids.gateway), expenses: cpuSeconds(pids.expenses) };
  const load = await loadTest(side.stack.baseUrl, side.token, scenario.http(), options);
  const cpuMs = (name) => ((cpuSeconds(pids[name]) - before[name]) * 1000) / load.count;
  return {
    single: single.p50,
    p50: load.p50,
    rps: load.rps,
    errors: load.errors,
    cpuGateway: cpuMs('gateway'),
    cpuExpenses: cpuMs('expenses'),
    load1,
  };
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const change = (on, off) => `${((on / off - 1) * 100).toFixed(1).padStart(6)}%`;
const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/**
 * The on/off ratios of one measure, one per round (each round measured both sides back to back):
 * their median and spread. A load change between rounds moves both sides of a round alike, so
 * this is steadier than the ratio of the two sides' medians.
 */
function roundRatios(mine, key) {
  const ratios = [];
  for (const round of new Set(mine.map((run) => run.round))) {
    const on = mine.find((run) => run.round === round && run.side === 'on')?.[key];
    const off = mine.find((run) => run.round === round && run.side === 'off')?.[key];
    if (Number.isFinite(on) && Number.isFinite(off) && off > 0) ratios.push(on / off);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  return { median: median(ratios), min: sorted[0], max: sorted.at(-1), ratios };
}

const ratioText = ({ median: middle, min, max }) =>
  Number.isFinite(middle)
    ? `${percent(middle).padStart(6)} (${percent(min)} … ${percent(max)})`.padEnd(26)
    : '-'.padEnd(26);

function report(runs, scenarios, connections, measured) {
  const out = (line) => process.stdout.write(`${line}\n`);
  const rounds = runs.length / scenarios.length / 2;
  out(
    `\n${measured} on versus off, medians of ${rounds} rounds (ms; cpu = ms per request; load = 1-min load average)`,
  );
  out(
    `${'scenario'.padEnd(28)} | side | 1 client p50 | ${connections} clients p50  req/s | cpu gateway expenses | load`,
  );
  const perRound = [];
  for (const scenario of scenarios) {
    const sides = {};
    const mine = runs.filter((run) => run.scenario === scenario.name);
    for (const side of ['on', 'off']) {
      const ofSide = mine.filter((run) => run.side === side);
      const pick = (key) => median(ofSide.map((run) => run[key]));
      sides[side] = {
        single: pick('single'),
        p50: pick('p50'),
        rps: pick('rps'),
        cpuGateway: pick('cpuGateway'),
        cpuExpenses: pick('cpuExpenses'),
        loads: ofSide.map((run) => run.load1.toFixed(1)).join('/'),
        errors: ofSide.reduce((sum, run) => sum + run.errors, 0),
      };
    }
    for (const side of ['on', 'off']) {
      const s = sides[side];
      out(
        `${(side === 'on' ? scenario.name : '').padEnd(28)} | ${side.padEnd(4)} |      ${ms(s.single)} |     ${ms(s.p50)} ${String(Math.round(s.rps)).padStart(6)} |  ${ms(s.cpuGateway)}  ${ms(s.cpuExpenses)} | ${s.loads}${s.errors ? ` (${s.errors} errors)` : ''}`,
      );
    }
    const { on, off } = sides;
    out(
      `${''.padEnd(28)} | on/off change |      ${change(on.single, off.single)} |     ${change(on.p50, off.p50)} ${change(on.rps, off.rps)} | ${change(on.cpuGateway, off.cpuGateway)} ${change(on.cpuExpenses, off.cpuExpenses)} |`,
    );
    perRound.push({
      name: scenario.name,
      p50: roundRatios(mine, 'p50'),
      cpuGateway: roundRatios(mine, 'cpuGateway'),
      cpuExpenses: roundRatios(mine, 'cpuExpenses'),
      added: {
        gateway: on.cpuGateway - off.cpuGateway,
        expenses: on.cpuExpenses - off.cpuExpenses,
      },
    });
  }
  out(
    `\nPer round (on and off measured back to back): median of the ${rounds} on/off ratios (lowest … highest)`,
  );
  out(
    `${'scenario'.padEnd(28)} | ${`${connections} clients p50`.padEnd(26)} | ${'cpu gateway'.padEnd(26)} | ${'cpu expenses'.padEnd(26)} | added cpu ms/request gateway, expenses`,
  );
  for (const row of perRound) {
    out(
      `${row.name.padEnd(28)} | ${ratioText(row.p50)} | ${ratioText(row.cpuGateway)} | ${ratioText(row.cpuExpenses)} | ${row.added.gateway.toFixed(3)}, ${row.added.expenses.toFixed(3)}`,
    );
  }
  const all = perRound.flatMap((row) => row.p50.ratios);
  out(
    `All scenarios: median p50 change ${percent(median(all))} over ${all.length} rounds (${percent(Math.min(...all))} … ${percent(Math.max(...all))}).`,
  );
  out('Target: p50 overhead <= 5% (issue 16).');
}

/** Runs `rounds` interleaved rounds of every scenario on a metrics-on and a metrics-off stack. */
export async function compareMetrics(env, scenarios, { rounds, identical, logDir, ...options }) {
  const what = identical
    ? 'nothing (both sides identical)'
    : env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `metrics and tracing (${Number(env.OTEL_TRACES_SAMPLER_ARG) * 100}% of requests recorded)`
      : 'metrics';
  const sides = [];
  try {
    // One after the other: two stacks booting at once on a busy machine can miss the deadline.
    sides.push(await startSide(env, 'on', logDir, identical));
    sides.push(await startSide(env, 'off', logDir, identical));
    const runs = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const scenario of scenarios) {
        for (const side of order) {
          const result = await measure(side, scenario, options);
          runs.push({ scenario: scenario.name, side: side.side, round, ...result });
          process.stdout.write(
            `bench: round ${round + 1} ${scenario.name}, ${what} ${side.side}: 1 client ${ms(result.single)}, ${options.connections} clients ${ms(result.p50)} ${Math.round(result.rps)} req/s, cpu ${ms(result.cpuGateway)} ${ms(result.cpuExpenses)}, load ${result.load1.toFixed(1)}\n`,
          );
        }
      }
    }
    report(runs, scenarios, options.connections, what);
  } finally {
    for (const side of sides) await side.stop();
  }
}
