// Rewrites suite-seconds.json (the shard split's hint) from the last `npm test` run's reports
// (var/test-results/integration*.json): `node tools/testing/update-suite-seconds.mjs`.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const resultsDir = path.join(root, 'var/test-results');
const reports = readdirSync(resultsDir).filter((name) => /^integration(-\d+)?\.json$/.test(name));
if (!reports.length) {
  process.stderr.write(`no integration report in ${resultsDir}: run npm test first\n`);
  process.exit(1);
}
const seconds = {};
for (const name of reports) {
  const report = JSON.parse(readFileSync(path.join(resultsDir, name), 'utf8'));
  for (const suite of report.testResults) {
    const key = path.relative(root, suite.name).split(path.sep).join('/');
    seconds[key] = Math.max(1, Math.round((suite.endTime - suite.startTime) / 1000));
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  new URL('./suite-seconds.json', import.meta.url),
  `${JSON.stringify(sorted, null, 2)}\n`,
);
process.stdout.write(`suite-seconds.json: ${Object.keys(sorted).length} suites\n`);
