// The failed tests of jest's JSON reports, for the closing lines of `npm test`. The shards stream
// thousands of lines; a log cut to its end (CI keeps only a part) must still say what failed.
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** Lines of a failure message shown (its assertion and the first frames). */
const MESSAGE_LINES = 8;

/**
 * One block per failed test (or per suite that failed to run): the file, the test's full name,
 * then the first lines of its message, indented.
 */
export function describeFailures(report, root) {
  const blocks = [];
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (!failed.length && suite.status === 'failed')
      blocks.push(block(`${file}: the suite failed to run`, suite.message));
    for (const test of failed)
      blocks.push(block(`${file} › ${test.fullName}`, test.failureMessages.join('\n')));
  }
  return blocks;
}

function block(title, message = '') {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, MESSAGE_LINES);
  return [title, ...lines.map((line) => `    ${line.trim()}`)].join('\n');
}
