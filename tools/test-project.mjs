// `npm run test:project -- <project> [--integration]`: one project's tests alone. By default its
// unit and medium tests (no stack: the medium ones need only Postgres); `--integration` adds
// its integration suites too (after `npm run build`; they start the test stack). The project is
// a folder's name: `expenses-service`, `web`, `gateway`, `contracts`, `rmq`, …; further
// arguments go to jest (`-t 'review queue'`, a file path).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const [name, ...rest] = process.argv.slice(2);
const candidates = name
  ? [`apps/${name}`, `libs/${name}`, `libs/nest/${name}`, name].filter(
      (folder) => !folder.startsWith('.') && existsSync(path.join(ROOT, folder, 'package.json')),
    )
  : [];
if (candidates.length !== 1) {
  process.stderr.write(
    name
      ? `no single project named '${name}' (a folder under apps/, libs/ or libs/nest/, or gateway)\n`
      : 'usage: npm run test:project -- <project> [--integration] [jest arguments]\n',
  );
  process.exit(64);
}
const integration = rest.includes('--integration');
const projects = ['unit', 'medium', ...(integration ? ['integration'] : [])];
const result = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    path.join(ROOT, 'node_modules/jest/bin/jest.js'),
    // The folder first: `--selectProjects` takes every word after it up to the next flag.
    `${candidates[0]}/`,
    ...projects.flatMap((project) => ['--selectProjects', project]),
    // One stack: integration suites never run side by side. Unit and medium tests use both
    // cores (jest's default leaves one idle on two), unless told otherwise.
    ...(integration
      ? ['--runInBand']
      : rest.some((arg) => arg.startsWith('--maxWorkers') || arg === '-w')
        ? []
        : ['--maxWorkers=2']),
    '--passWithNoTests',
    ...rest.filter((arg) => arg !== '--integration'),
  ],
  { cwd: ROOT, stdio: 'inherit', env: { NODE_NO_WARNINGS: '1', ...process.env } },
);
process.exit(result.status ?? 1);
