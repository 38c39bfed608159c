import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (binary) =>
  spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;

/** A Debian (or derived) machine whose packages `apt-get` can install. */
export function isDebian() {
  return existsSync('/etc/debian_version') && has('apt-get');
}

export function isRoot() {
  return process.getuid?.() === 0;
}

// One `apt-get update` per process, however many callers install something.
let updated = false;

/**
 * Installs Debian packages (`apt-get update` first, once per process). Throws an Error whose
 * message names the command that failed; apt's own error output goes to stderr.
 */
export function installDebianPackages(packages, label = 'test') {
  process.stdout.write(`${label}: installing Debian packages: ${packages.join(' ')}\n`);
  const sudo = isRoot() ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    const result = spawnSync(command, rest, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  };
  if (!updated) {
    run(['apt-get', 'update', '-qq']);
    updated = true;
  }
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

/**
 * Installs the Debian packages the test suite drives, when missing: { binary: package }.
 * Runs apt-get update once, only if something has to be installed.
 */
export function ensureDebianPackages(wanted, label = 'test') {
  const missing = Object.entries(wanted).filter(([binary]) => !has(binary));
  if (missing.length === 0) return;
  installDebianPackages([...new Set(missing.map(([, pkg]) => pkg))], label);
}
