// The dependency check of `npm start` and `npm test`: Postgres and RabbitMQ must answer and
// let us in. Where one is missing or stopped on this (Debian, root) machine, it is installed
// and started; anywhere else we stop at once with one message that names what to run.
import { installDebianPackages, isDebian, isRoot } from './debian.mjs';
import {
  hbaFile,
  postgresCluster,
  postgresInstalled,
  rabbitmqInstalled,
  startPostgres,
  startRabbitmq,
  trustLocalConnections,
} from './local-services.mjs';
import { probePostgres, probeRabbitmq } from './probes.mjs';

/** What stops the check; its message is all the user sees (no stack trace). */
export class DependencyError extends Error {}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Where a URL points, without its password: `postgres@127.0.0.1:5432`. */
export function describeUrl(url, defaultPort) {
  const parsed = new URL(url);
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `${user}${parsed.hostname}:${parsed.port || defaultPort}`;
}

/**
 * What to do about one dependency, from what we know of it:
 * { probe: 'up'|'down'|'refused', local, installed, root, debian }
 * → 'nothing' | 'install' (then start) | 'start' | 'fail:<why>'.
 */
export function planFor({ probe, local, installed, root, debian }) {
  if (probe === 'up') return 'nothing';
  if (probe === 'refused') return 'fail:refused';
  if (!local) return 'fail:remote';
  if (installed) return root ? 'start' : 'fail:not-root';
  if (!debian) return 'fail:not-debian';
  return root ? 'install' : 'fail:not-root';
}

/** The two dependencies: how to name them, probe them, start them, and what to tell people. */
export function dependencies({ databaseUrl, rabbitmqUrl }) {
  const pgPort = Number(new URL(databaseUrl).port || 5432);
  return [
    {
      id: 'postgres',
      name: 'Postgres',
      package: 'postgresql',
      variable: 'DATABASE_URL',
      url: databaseUrl,
      where: describeUrl(databaseUrl, 5432),
      probe: (system) => system.probePostgres(databaseUrl),
      installed: (system) => system.postgresInstalled(),
      start: (system) => system.startPostgres(pgPort),
      afterInstall: (system) => system.trustLocalPostgres(pgPort),
      startCommand: (system, sudo = '') => {
        const cluster = system.postgresCluster(pgPort);
        return cluster
          ? `${sudo}pg_ctlcluster ${cluster.version} ${cluster.name} start`
          : `${sudo}service postgresql start`;
      },
      refusedHelp: (system, sudo) => {
        const cluster = system.postgresCluster(pgPort);
        if (new URL(databaseUrl).password || !cluster) {
          return 'Check the user and password in DATABASE_URL';
        }
        const trust = `${sudo}sed -i '1i host all all 127.0.0.1/32 trust' ${hbaFile(cluster)} && ${sudo}pg_ctlcluster ${cluster.version} ${cluster.name} reload`;
        return `SnapTrack's local default logs in without a password (README, Quick start). Run: ${trust} (or set DATABASE_URL with a user and password it accepts)`;
      },
      docker:
        'docker run -d --name snaptrack-postgres -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16',
    },
    {
      id: 'rabbitmq',
      name: 'RabbitMQ',
      package: 'rabbitmq-server',
      variable: 'RABBITMQ_URL',
      url: rabbitmqUrl,
      where: describeUrl(rabbitmqUrl, 5672),
      probe: (system) => system.probeRabbitmq(rabbitmqUrl),
      installed: (system) => system.rabbitmqInstalled(),
      start: (system) => system.startRabbitmq(),
      afterInstall: () => undefined,
      // The application in a running node (after `rabbitmqctl stop_app`), else the node.
      startCommand: (_system, sudo = '') =>
        `(${sudo}rabbitmqctl start_app || ${sudo}service rabbitmq-server start)`,
      refusedHelp: (_system, sudo) => {
        const user = decodeURIComponent(new URL(rabbitmqUrl).username) || 'guest';
        // The password is never echoed; guest's is the well-known default.
        const password = user === 'guest' ? 'guest' : "'<password>'";
        return `Check the user and password in RABBITMQ_URL, or create the user: ${sudo}rabbitmqctl add_user ${user} ${password} && ${sudo}rabbitmqctl set_permissions -p / ${user} '.*' '.*' '.*'`;
      },
      docker: 'docker run -d --name snaptrack-rabbitmq -p 5672:5672 rabbitmq:4.1',
    },
  ];
}

/** The one message for the dependencies we cannot set up ourselves: [{dep, why}]. */
export function failureMessage(failures, system) {
  const sudo = system.isRoot() ? '' : 'sudo ';
  const sentences = [];
  const commands = [];
  const install = failures.filter(({ dep, why }) => why === 'not-root' && !dep.installed(system));
  if (install.length) {
    commands.push(
      `${sudo}apt-get update && ${sudo}apt-get install -y ${install.map(({ dep }) => dep.package).join(' ')}`,
    );
  }
  for (const { dep, why } of failures) {
    const at = `${dep.name} is not reachable at ${dep.where}`;
    if (why === 'refused') {
      sentences.push(
        `${dep.name} at ${dep.where} refused the login. ${dep.refusedHelp(system, sudo)}.`,
      );
    } else if (why === 'remote') {
      sentences.push(`${at}: start it there, or set ${dep.variable} to one that runs.`);
    } else if (why === 'not-debian') {
      sentences.push(`${at} and this is not a Debian machine.`);
      commands.push(dep.docker);
    } else if (why === 'not-root') {
      sentences.push(`${at}.`);
      if (dep.installed(system)) commands.push(dep.startCommand(system, sudo));
    } else {
      sentences.push(`${at}: ${why}.`);
    }
  }
  const variables = failures.map(({ dep }) => dep.variable);
  const instead = `set ${variables.join(' and ')} to ${variables.length > 1 ? 'ones that run' : 'one that runs'}`;
  const run = commands.length
    ? ` Run: ${commands.join(' && ')} (or ${instead}), then try again.`
    : '';
  return `${sentences.join(' ')}${run}`;
}

/** The real machine: probes, facts and actions. Tests pass their own. */
export const localSystem = {
  probePostgres,
  probeRabbitmq,
  isRoot,
  isDebian,
  postgresInstalled,
  rabbitmqInstalled,
  postgresCluster,
  installPackages: (packages, label) => installDebianPackages(packages, label),
  startPostgres: (port) => {
    const cluster = postgresCluster(port);
    if (!cluster) {
      const error = new Error(`no Postgres cluster is configured for port ${port}`);
      error.hint = `pg_lsclusters (is DATABASE_URL's port right?), or pg_createcluster <version> main -p ${port} --start`;
      throw error;
    }
    if (!cluster.online) startPostgres(cluster);
    return `pg_ctlcluster ${cluster.version} ${cluster.name} start`;
  },
  trustLocalPostgres: (port) => {
    const cluster = postgresCluster(port);
    if (cluster) trustLocalConnections(cluster);
  },
  startRabbitmq,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Probes until the dependency answers (or refuses us, which waiting will not change). */
async function waitUntilUp(dep, system, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await dep.probe(system);
    if (state !== 'down' || Date.now() >= deadline) return state;
    await system.sleep(500);
  }
}

/**
 * Makes sure Postgres and RabbitMQ answer at `databaseUrl` and `rabbitmqUrl`, installing and
 * starting them where we may. Returns what it did (lines, for the log). Throws DependencyError
 * with the one message to show when it cannot. Both up: two probes, nothing else.
 */
export async function ensureDependencies({
  databaseUrl,
  rabbitmqUrl,
  label = 'start',
  system = localSystem,
  log = (line) => process.stdout.write(`${label}: ${line}\n`),
  startTimeoutMs = 90_000,
}) {
  const deps = dependencies({ databaseUrl, rabbitmqUrl });
  const states = await Promise.all(deps.map((dep) => dep.probe(system)));
  if (states.every((state) => state === 'up')) return [];

  const plans = deps.map((dep, index) => {
    const probe = states[index];
    if (probe === 'up') return { dep, plan: 'nothing' };
    const facts = {
      probe,
      local: LOOPBACK.has(new URL(dep.url).hostname),
      installed: dep.installed(system),
      root: system.isRoot(),
      debian: system.isDebian(),
    };
    return { dep, plan: planFor(facts) };
  });
  const failures = plans
    .filter(({ plan }) => plan.startsWith('fail:'))
    .map(({ dep, plan }) => ({ dep, why: plan.slice('fail:'.length) }));
  if (failures.length) throw new DependencyError(failureMessage(failures, system));

  const done = [];
  const toInstall = plans.filter(({ plan }) => plan === 'install').map(({ dep }) => dep);
  if (toInstall.length) {
    const packages = toInstall.map((dep) => dep.package);
    try {
      system.installPackages(packages, label);
    } catch (error) {
      const sudo = system.isRoot() ? '' : 'sudo ';
      throw new DependencyError(
        `Installing ${packages.join(' ')} failed (${error.message}). Run: ${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')} and fix what it reports, then try again.`,
      );
    }
    for (const dep of toInstall) {
      dep.afterInstall(system);
      done.push(`installed ${dep.name} (Debian package ${dep.package})`);
    }
  }

  for (const { dep, plan } of plans) {
    if (plan === 'nothing') continue;
    // A fresh package may already have started its server.
    if (plan === 'install' && (await dep.probe(system)) === 'up') continue;
    log(`${dep.name} is not running at ${dep.where}: starting it`);
    let how;
    try {
      how = await dep.start(system);
    } catch (error) {
      throw new DependencyError(
        `${dep.name} is not reachable at ${dep.where} and starting it failed (${error.message}). Run: ${error.hint ?? dep.startCommand(system)} and fix what it reports, then try again.`,
      );
    }
    const state = await waitUntilUp(dep, system, startTimeoutMs);
    if (state === 'refused')
      throw new DependencyError(failureMessage([{ dep, why: 'refused' }], system));
    if (state !== 'up') {
      throw new DependencyError(
        `${dep.name} was started (${how}) but does not answer at ${dep.where} after ${Math.round(startTimeoutMs / 1000)} s. Run: ${dep.startCommand(system)} and read its log, then try again.`,
      );
    }
    done.push(`started ${dep.name} (${how})`);
    log(`${dep.name} is running`);
  }
  return done;
}

/** `ensureDependencies` for a script: on failure, its one message on stderr and exit 1. */
export async function ensureDependenciesOrExit(options) {
  const label = options.label ?? 'start';
  try {
    return await ensureDependencies(options);
  } catch (error) {
    const message =
      error instanceof DependencyError
        ? error.message
        : `checking Postgres and RabbitMQ failed: ${error?.message ?? String(error)}`;
    process.stderr.write(`${label}: ${message}\n`);
    process.exit(1);
  }
}
