import { spawnSync } from 'node:child_process';

const has = (binary) =>
  spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;

/**
 * Installs the Debian packages the test suite drives, when missing: { binary: package }.
 * Runs apt-get update once, only if something has to be installed.
 */
export function ensureDebianPackages(wanted) {
  const missing = Object.entries(wanted).filter(([binary]) => !has(binary));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  process.stdout.write(`test: installing Debian packages: ${packages.join(' ')}\n`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    const result = spawnSync(command, rest, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
}
