// Rewrites suite-seconds.json (the shard split's hint) from the last `npm test` run's reports:
// `node tools/testing/update-suite-seconds.mjs`. Each suite's CPU seconds (the whole process
// tree: jest, the stack's services, the browser; var/test-results/integration*-cpu.json, written
// by tools/testing/cpu-reporter.mjs) when the run measured them, else its wall time
// (integration*.json). CPU seconds are the better weight: the shards share two saturated cores,
// so wall time there says as much about the other shard and the neighbours as about the suite.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const resultsDir = path.join(root, 'var/test-results');
const reports = existsSync(resultsDir)
  ? readdirSync(resultsDir).filter((name) => /^integration(-\d+)?\.json$/.test(name))
  : [];
if (!reports.length) {
  process.stderr.write(`no integration report in ${resultsDir}: run npm test first\n`);
  process.exit(1);
}
const seconds = {};
let measured = 0;
for (const name of reports) {
  const cpuFile = path.join(resultsDir, name.replace(/\.json$/, '-cpu.json'));
  const cpu = existsSync(cpuFile) ? JSON.parse(readFileSync(cpuFile, 'utf8')) : {};
  const report = JSON.parse(readFileSync(path.join(resultsDir, name), 'utf8'));
  for (const suite of report.testResults) {
    const key = path.relative(root, suite.name).split(path.sep).join('/');
    if (key in cpu) measured += 1;
    const wall = (suite.endTime - suite.startTime) / 1000;
    seconds[key] = Math.max(1, Math.round(cpu[key] ?? wall));
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(
  new URL('./suite-seconds.json', import.meta.url),
  `${JSON.stringify(sorted, null, 2)}\n`,
);
const total = Object.keys(sorted).length;
process.stdout.write(
  `suite-seconds.json: ${total} suites, ${measured} in CPU seconds, ${total - measured} in wall seconds\n`,
);
