// `npm test`: the whole suite. Lint and format, types (via the build), unit tests, then
// integration and browser tests against one isolated stack (own database, queue prefix and
// port), then the deployment files. Prints one closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, stackEnv } from './lib/stack.mjs';
import { ensureDebianPackages } from './lib/debian.mjs';
import { ensureDependenciesOrExit } from './lib/dependencies.mjs';

const resultsDir = path.join(ROOT, 'var/test-results');
mkdirSync(resultsDir, { recursive: true });
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const counts = { passed: 0, failed: 0 };
const failures = [];

function step(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`);
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function jest(label, project, extra = []) {
  const output = path.join(resultsDir, `${project}.json`);
  const ok = step(
    label,
    process.execPath,
    [
      '--experimental-vm-modules',
      path.join(ROOT, 'node_modules/jest/bin/jest.js'),
      '--selectProjects',
      project,
      '--json',
      `--outputFile=${output}`,
      ...extra,
    ],
    { NODE_NO_WARNINGS: '1' },
  );
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
    if (!ok && report.numFailedTests === 0) counts.failed += 1; // a suite that failed to run
  } else if (!ok) {
    counts.failed += 1;
  }
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

if (!step('build and type-check', process.execPath, [path.join(ROOT, 'tools/build.mjs')])) {
  process.stdout.write('\nbuild failed: nothing else can run\n0 passed, 1 failed\n');
  process.exit(1);
}
// The Nx module-boundary rule reads the cached project graph: compute it first.
step('project graph', bin('nx'), ['show', 'projects'], { NX_DAEMON: 'false', NX_NO_CLOUD: 'true' });
step('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0'], { NX_DAEMON: 'false' });
step('format (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
if (existsSync(path.join(ROOT, 'apps/web/tsconfig.json'))) {
  step('types (web)', bin('tsc'), ['-p', 'apps/web/tsconfig.json']);
}
jest('unit tests', 'unit');
jest('integration and browser tests', 'integration', ['--runInBand']);
step('deployment files', process.execPath, [path.join(ROOT, 'tools/checks/validate-deploy.mjs')]);

process.stdout.write(
  `\n${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed'}\n`,
);
process.stdout.write(
  `${counts.passed} passed, ${counts.failed + (failures.length && !counts.failed ? 1 : 0)} failed\n`,
);
process.exit(failures.length ? 1 : 0);
