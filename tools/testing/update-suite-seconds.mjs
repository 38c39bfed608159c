// Rewrites suite-seconds.json (the shard split's hint) from the last `npm test` run's reports:
// `node tools/testing/update-suite-seconds.mjs [CHECKOUT]`, CHECKOUT being the clone that ran it
// (this one by default; a fresh clone's run is the usual source). Each suite's wall seconds
// (var/test-results/integration*.json). Wall time is the right weight since the shards run at
// full priority beside the low-priority static steps (tools/test.mjs): a shard takes as long as
// its suites' waits (mail, restarts, the reset padding) plus their CPU, and the split evens that.
// What a suite costs in CPU is in integration*-cpu.json (tools/testing/cpu-reporter.mjs).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../..'));
const resultsDir = path.join(root, 'var/test-results');
const reports = existsSync(resultsDir)
  ? readdirSync(resultsDir).filter((name) => /^integration(-\d+)?\.json$/.test(name))
  : [];
if (!reports.length) {
  process.stderr.write(`no integration report in ${resultsDir}: run npm test first\n`);
  process.exit(1);
}
const seconds = {};
for (const name of reports) {
  const report = JSON.parse(readFileSync(path.join(resultsDir, name), 'utf8'));
  for (const suite of report.testResults) {
    // Keys are paths inside the checkout: the sequencer looks them up relative to its rootDir.
    const key = path.relative(root, suite.name).split(path.sep).join('/');
    if (key.startsWith('..')) {
      process.stderr.write(`${suite.name} is outside ${root}: pass the checkout that ran it\n`);
      process.exit(1);
    }
    seconds[key] = Math.max(1, Math.round((suite.endTime - suite.startTime) / 1000));
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  new URL('./suite-seconds.json', import.meta.url),
  `${JSON.stringify(sorted, null, 2)}\n`,
);
process.stdout.write(`suite-seconds.json: ${Object.keys(sorted).length} suites, in wall seconds\n`);
