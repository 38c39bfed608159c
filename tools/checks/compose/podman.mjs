// The container engine of the compose check: podman (Debian's packages) with runc, made to work
// on machines without systemd and with hybrid cgroups (docs/development.md, compose check), and
// its Docker-compatible API for Debian's docker-compose.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sh, waitFor } from './run.mjs';

// netavark (podman's network stack) sets up container networks with iptables: without it every
// container with a network fails with `netavark: No such file or directory`.
export const PACKAGES = [
  'podman',
  'runc',
  'buildah',
  'catatonit',
  'netavark',
  'aardvark-dns',
  'iptables',
  'debootstrap',
  'docker-compose',
];

function isInstalled(name) {
  try {
    return sh('dpkg-query', ['-W', '-f=${Status}', name]).includes('install ok installed');
  } catch {
    return false;
  }
}

function missingPackages() {
  return PACKAGES.filter((name) => !isInstalled(name));
}

/** Installs the Debian packages the check needs (root only); answers what it installed. */
export function installPackages() {
  const missing = missingPackages();
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) {
    throw new Error(`run as root, or install these Debian packages first: ${missing.join(' ')}`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  sh('apt-get', ['update', '-qq'], { env });
  sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  return missing;
}

/**
 * A containers.conf for this check: runc (crun refuses hybrid cgroups), cgroupfs and file
 * events (no systemd), no default ulimits (podman's open-files default can exceed the hard
 * limit), and exec sessions cleaned up 10 s after they end instead of 300 s (the API's default
 * keeps a conmon per `docker-compose exec` running for five minutes after the check has ended;
 * docker-compose reads the exit code at once). Answers the environment every podman and
 * docker-compose call runs with.
 */
export function engineEnv(stateDir) {
  mkdirSync(stateDir, { recursive: true });
  const conf = join(stateDir, 'containers.conf');
  writeFileSync(
    conf,
    [
      '[containers]',
      'default_ulimits = []',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      'exit_command_delay = 10',
      '[network]',
      'network_backend = "netavark"',
      '',
    ].join('\n'),
  );
  return {
    ...process.env,
    CONTAINERS_CONF: conf,
    DOCKER_HOST: `unix://${join(stateDir, 'podman.sock')}`,
    // docker-compose 1.29 would otherwise try BuildKit-only flags against podman.
    COMPOSE_DOCKER_CLI_BUILD: '0',
    DOCKER_BUILDKIT: '0',
  };
}

/** Starts podman's Docker-compatible API on the check's socket; answers a stop function. */
export async function startApiService(env, stateDir) {
  const socket = join(stateDir, 'podman.sock');
  const child = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  await waitFor(
    'the podman API socket',
    () => {
      if (child.exitCode !== null) throw new Error(`podman system service exited: ${stderr}`);
      return existsSync(socket) && ping(socket);
    },
    { timeoutMs: 30_000, everyMs: 250 },
  );
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
}

/** Whether the API answers its ping. */
function ping(socketPath) {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}
