// Postgres and RabbitMQ as Debian packages run them on this machine: are they installed, which
// Postgres cluster listens where, and how to start them without systemd (init scripts,
// pg_ctlcluster, rabbitmqctl). Used by `dependencies.mjs`, as root.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';

const run = (command, args, timeoutMs = 120_000) =>
  spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });

const succeeds = (command, args, timeoutMs) => run(command, args, timeoutMs).status === 0;

function mustRun(command, args, timeoutMs) {
  const result = run(command, args, timeoutMs);
  if (result.status !== 0) {
    const detail = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').pop();
    throw new Error(`${command} ${args.join(' ')} failed${detail ? `: ${detail}` : ''}`);
  }
}

// --- Postgres ---------------------------------------------------------------------------------

/** A server binary of some version under /usr/lib/postgresql (what the Debian packages ship). */
export function postgresInstalled() {
  try {
    return readdirSync('/usr/lib/postgresql').some((version) =>
      existsSync(`/usr/lib/postgresql/${version}/bin/postgres`),
    );
  } catch {
    return false;
  }
}

/**
 * `pg_lsclusters -h`: "15 main 5432 online postgres /var/lib/... /var/log/...". The cluster
 * configured for `port`, or undefined.
 */
export function parseClusters(text) {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4 && /^\d+$/.test(fields[2]))
    .map(([version, name, port, status]) => ({
      version,
      name,
      port: Number(port),
      online: status.startsWith('online'),
    }));
}

export function postgresCluster(port) {
  const result = run('pg_lsclusters', ['-h'], 10_000);
  if (result.status !== 0) return undefined;
  return parseClusters(String(result.stdout)).find((cluster) => cluster.port === port);
}

export function startPostgres(cluster) {
  mustRun('pg_ctlcluster', [cluster.version, cluster.name, 'start'], 60_000);
}

export const hbaFile = (cluster) =>
  `/etc/postgresql/${cluster.version}/${cluster.name}/pg_hba.conf`;

/** The pg_hba.conf lines SnapTrack's local default needs: TCP from this machine, no password. */
export const TRUST_LINES = [
  '# Added by SnapTrack `npm start` (README, Quick start): local TCP connections without a password.',
  'host all all 127.0.0.1/32 trust',
  'host all all ::1/128 trust',
];

/** pg_hba.conf with the trust lines first (the first matching line wins); unchanged if there. */
export function withTrustLines(hba) {
  if (hba.includes(TRUST_LINES[1])) return hba;
  return `${TRUST_LINES.join('\n')}\n${hba}`;
}

/** Trusts local TCP connections of a cluster we just installed, and reloads it if it runs. */
export function trustLocalConnections(cluster) {
  const file = hbaFile(cluster);
  writeFileSync(file, withTrustLines(readFileSync(file, 'utf8')));
  if (postgresCluster(cluster.port)?.online) {
    mustRun('pg_ctlcluster', [cluster.version, cluster.name, 'reload'], 30_000);
  }
}

// --- RabbitMQ ---------------------------------------------------------------------------------

export function rabbitmqInstalled() {
  return existsSync('/usr/sbin/rabbitmqctl') || succeeds('sh', ['-c', 'command -v rabbitmqctl']);
}

/** Is the Erlang node up (even with the RabbitMQ application stopped)? */
function rabbitmqNodeRunning() {
  return succeeds('rabbitmqctl', ['-q', 'ping'], 30_000);
}

/**
 * Starts the RabbitMQ application in a running node (`rabbitmqctl stop_app` stops only the
 * application), or the node itself: its init script when there is one, else detached.
 */
export function startRabbitmq() {
  if (rabbitmqNodeRunning()) {
    mustRun('rabbitmqctl', ['start_app'], 120_000);
    return 'rabbitmqctl start_app';
  }
  if (existsSync('/etc/init.d/rabbitmq-server')) {
    mustRun('/etc/init.d/rabbitmq-server', ['start'], 660_000);
    return 'service rabbitmq-server start';
  }
  mustRun('rabbitmq-server', ['-detached'], 60_000);
  mustRun('rabbitmqctl', ['await_startup', '--timeout', '120'], 150_000);
  return 'rabbitmq-server -detached';
}
