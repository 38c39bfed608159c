// `npm test`: the whole suite. The build (types), then the integration and browser tests beside
// lint and format, the SPA's types, unit and medium tests and the deployment files. Prints one
// closing line: "N passed, N failed".
//
// The machine has two cores: the integration suites run in shards, each against its own isolated
// stack (own database, queue prefix and ports) as separate `npm test` runs would, and the static
// steps take the CPU the shards leave idle (see the end of this file).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, stackEnv } from './lib/stack.mjs';
import { ensureDebianPackages } from './lib/debian.mjs';
import { ensureDependenciesOrExit } from './lib/dependencies.mjs';
import { describeFailures } from './lib/failed-tests.mjs';

const resultsDir = path.join(ROOT, 'var/test-results');
mkdirSync(resultsDir, { recursive: true });
// Reports of an earlier run would be counted (and read by update-suite-seconds.mjs) as this one's.
for (const name of readdirSync(resultsDir)) {
  if (/^(unit|medium|integration(-\d+)?)(-cpu)?\.json$/.test(name))
    rmSync(path.join(resultsDir, name));
}
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const counts = { passed: 0, failed: 0 };
const failures = [];
/** The failed tests of every report, printed again at the end (see lib/failed-tests.mjs). */
const failedTests = [];
/**
 * Integration shards run at once (TEST_SHARDS=1: one stack, every suite in band). Three: the
 * shards spend more than half their time waiting, so on a quick machine a third one ends the run
 * sooner (605 → 511 s), and on a slow one, where the cores are busy throughout, it measured
 * within 3% of two (docs/development.md).
 */
const shards = Math.max(1, Number(process.env.TEST_SHARDS ?? 3) || 1);

/**
 * Runs one step. `output`: 'inherit' streams it as it comes (a step that runs alone),
 * 'buffer' prints it whole when the step ends (short steps beside others), 'prefix' streams
 * each line behind `[label]` (long steps beside others). A `background` step runs at the lowest
 * CPU priority (nice 19, inherited by its children): it gets what the others leave idle.
 */
function step(label, command, args, { env = {}, output = 'inherit', background = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (output !== 'buffer') process.stdout.write(`\n=== ${label}\n`);
    const child = spawn(
      background ? 'nice' : command,
      background ? ['-n', '19', command, ...args] : args,
      {
        cwd: ROOT,
        stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
        // Tests with a deadline in wall time read this to allow for the wait (a test's own env wins).
        env: { ...process.env, ...(background ? { SNAPTRACK_TEST_BACKGROUND: '1' } : {}), ...env },
      },
    );
    const chunks = [];
    for (const stream of output === 'inherit' ? [] : [child.stdout, child.stderr]) {
      if (output === 'buffer') stream.on('data', (chunk) => chunks.push(chunk));
      else
        createInterface({ input: stream }).on('line', (line) => {
          process.stdout.write(`[${label}] ${line}\n`);
        });
    }
    let finished = false;
    // A child that cannot start emits 'error' and may still emit 'close': report it once.
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output === 'buffer') process.stdout.write(`\n=== ${label}\n${Buffer.concat(chunks)}`);
      process.stdout.write(`=== ${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)\n`);
      if (!ok) failures.push(label);
      resolve(ok);
    };
    child.once('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

/** Runs jest on one project (and shard), then adds its report to the counts. */
async function jest(
  label,
  project,
  { extra = [], report = project, output, env = {}, background = false } = {},
) {
  const file = path.join(resultsDir, `${report}.json`);
  // Each file's CPU seconds (tools/testing/cpu-reporter.mjs; written for runs in band only).
  const cpuFile = path.join(resultsDir, `${report}-cpu.json`);
  const args = [
    '--experimental-vm-modules',
    path.join(ROOT, 'node_modules/jest/bin/jest.js'),
    '--selectProjects',
    project,
    '--json',
    `--outputFile=${file}`,
    ...extra,
  ];
  const ok = await step(label, process.execPath, args, {
    env: { NODE_NO_WARNINGS: '1', SUITE_CPU_FILE: cpuFile, ...env },
    output,
    background,
  });
  if (existsSync(file)) {
    const result = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += result.numPassedTests;
    counts.failed += result.numFailedTests;
    failedTests.push(...describeFailures(result, ROOT).map((text) => `[${label}] ${text}`));
    if (!ok && result.numFailedTests === 0) counts.failed += 1; // a suite that failed to run
  } else if (!ok) {
    counts.failed += 1;
  }
}

/** Runs the given chains side by side; each chain runs its steps one after another. */
async function sideBySide(...chains) {
  await Promise.all(
    chains.map(async (chain) => {
      for (const run of chain) await run();
    }),
  );
}

// The test stack uses the same Postgres and RabbitMQ as `npm start`: two quick probes when both
// run, else installed and started (or one message naming what to run).
const stackDefaults = stackEnv({ VAR_DIR: path.join(ROOT, 'var') });
await ensureDependenciesOrExit({
  databaseUrl: stackDefaults.DATABASE_URL,
  rabbitmqUrl: stackDefaults.RABBITMQ_URL,
  label: 'test',
});

ensureDebianPackages({
  chromium: 'chromium',
  // The browser tests' Chromium (tools/testing/chromium.mjs); Lighthouse uses the full one.
  'chromium-headless-shell': 'chromium-headless-shell',
  nginx: 'nginx',
  'docker-compose': 'docker-compose',
  // pdfinfo and pdftotext read the receipt PDFs in the export tests.
  pdfinfo: 'poppler-utils',
  openssl: 'openssl',
  swaks: 'swaks',
  // heif-enc makes the HEIC photos of the receipt tests (no npm package encodes HEIC).
  'heif-enc': 'libheif-examples',
  // promtool checks the Prometheus config and runs the alert rules' unit tests (validate-deploy).
  promtool: 'prometheus',
});

if (!(await step('build and type-check', process.execPath, [path.join(ROOT, 'tools/build.mjs')]))) {
  process.stdout.write('\nbuild failed: nothing else can run\n0 passed, 1 failed\n');
  process.exit(1);
}
// The Nx module-boundary rule reads the cached project graph: compute it first.
await step('project graph', bin('nx'), ['show', 'projects'], {
  env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
});
/** The integration shard `index` (0-based) of `shards`, against a stack of its own. */
const integrationShard = (index) =>
  shards === 1
    ? jest('integration and browser tests', 'integration', { extra: ['--runInBand'] })
    : jest(`integration ${index + 1}/${shards}`, 'integration', {
        extra: ['--runInBand', `--shard=${index + 1}/${shards}`],
        report: `integration-${index + 1}`,
        env: { SNAPTRACK_PORT_LANE: `${index + 1}/${shards}` },
        output: 'prefix',
      });
// The integration shards start at once, each against its own isolated stack, and the static
// steps run beside them at the lowest CPU priority, in two chains of about equal CPU (on a fresh
// clone: ESLint about 130 s, the SPA's types 15, the medium tests 40; the unit tests 160,
// Prettier 40). The shards wait a good part of their time (mail, the reset padding, restarts,
// timers): a fifth of both cores sat idle while they ran alone. The static steps fill those gaps
// instead of holding the shards back, and whatever is left when the shards end uses both cores.
const quiet = { output: 'buffer', background: true };
await sideBySide(
  ...Array.from({ length: shards }, (_, index) => [() => integrationShard(index)]),
  [
    () =>
      step('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0'], {
        ...quiet,
        env: { NX_DAEMON: 'false' },
      }),
    () =>
      existsSync(path.join(ROOT, 'apps/web/tsconfig.json'))
        ? step('types (web)', bin('tsc'), ['-p', 'apps/web/tsconfig.json'], quiet)
        : undefined,
    // Service logic against Postgres only (a database per file): no stack needed.
    () =>
      jest('medium tests', 'medium', {
        ...quiet,
        extra: ['--maxWorkers=1'],
        env: { MEDIUM_DATABASE_URL: stackDefaults.DATABASE_URL },
      }),
    () =>
      step(
        'deployment files',
        process.execPath,
        [path.join(ROOT, 'tools/checks/validate-deploy.mjs')],
        quiet,
      ),
  ],
  [
    () => jest('unit tests', 'unit', { ...quiet, extra: ['--maxWorkers=1'] }),
    () =>
      step('format (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn'], quiet),
  ],
);

if (failedTests.length) {
  process.stdout.write(`\nfailed tests:\n${failedTests.join('\n')}\n`);
  // Their names once more, a line each: a log cut to its last lines still names every one.
  const names = failedTests.map((text) => text.split('\n', 1)[0]);
  process.stdout.write(`\nfailed tests, by name:\n${names.join('\n')}\n`);
}
process.stdout.write(
  `\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}\n`,
);
process.stdout.write(
  `${counts.passed} passed, ${counts.failed + (failures.length && !counts.failed ? 1 : 0)} failed\n`,
);
process.exit(failures.length ? 1 : 0);
