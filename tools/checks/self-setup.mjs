// `npm run check:self-setup`: the start-up dependency check against the real machine (Debian,
// root). Stops RabbitMQ's application (`rabbitmqctl stop_app`), runs the check `npm start` and
// `npm test` run first, and checks that it started RabbitMQ again; then that `npm start` with a
// Postgres it cannot start ends at once with one line naming what to run; and, on a Postgres
// cluster of its own (made here on a free port, dropped after), that the check starts a stopped
// cluster and explains Debian's password-only default, which the trust lines fix. Not part of
// `npm test`: stopping the shared broker, for a few seconds, disturbs other runs on the machine.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../lib/stack.mjs';
import { DependencyError, ensureDependencies } from '../lib/dependencies.mjs';
import { postgresCluster, trustLocalConnections } from '../lib/local-services.mjs';
import { probePostgres, probeRabbitmq } from '../lib/probes.mjs';
import { freePort } from '../testing/free-port.mjs';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/snaptrack';
const rabbitmqUrl = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const results = [];
const record = (ok, what) => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const rabbitmqctl = (command) =>
  spawnSync('rabbitmqctl', [command], { stdio: 'ignore', timeout: 120_000 }).status === 0;

if ((await probePostgres(databaseUrl)) !== 'up' || (await probeRabbitmq(rabbitmqUrl)) !== 'up') {
  console.log('self-setup: Postgres and RabbitMQ must both run before this check');
  process.exit(1);
}

// 1. Both run: the check costs two probes, nothing more.
let started = Date.now();
const nothing = await ensureDependencies({ databaseUrl, rabbitmqUrl, label: 'check' });
const fastMs = Date.now() - started;
record(nothing.length === 0 && fastMs < 1_000, `both running: nothing done, ${fastMs} ms`);

// 2. RabbitMQ's application stopped: the check starts it again.
if (!rabbitmqctl('stop_app')) {
  console.log('self-setup: rabbitmqctl stop_app failed (run this check as root)');
  process.exit(1);
}
started = Date.now();
try {
  const stoppedState = await probeRabbitmq(rabbitmqUrl);
  record(stoppedState === 'down', `after stop_app the probe says "${stoppedState}"`);
  const done = await ensureDependencies({ databaseUrl, rabbitmqUrl, label: 'check' });
  record(
    done.includes('started RabbitMQ (rabbitmqctl start_app)'),
    `the check reports: ${done.join('; ') || 'nothing done'}`,
  );
  record((await probeRabbitmq(rabbitmqUrl)) === 'up', 'RabbitMQ answers and lets us in again');
} catch (error) {
  record(false, `the check failed: ${error.message}`);
} finally {
  // Whatever happened above, the shared broker runs again before we leave.
  if ((await probeRabbitmq(rabbitmqUrl)) !== 'up') rabbitmqctl('start_app');
  console.log(`     broker stopped for ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// 3. `npm start` with a Postgres it cannot start (no cluster on that port): one line, exit 1,
// before the build. Nothing runs on port 5439, so nothing is disturbed.
const start = spawnSync(process.execPath, [path.join(ROOT, 'tools/start.mjs')], {
  env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5439/snaptrack' },
  encoding: 'utf8',
  timeout: 60_000,
});
const stderr = start.stderr.trim();
record(
  start.status === 1 &&
    stderr.split('\n').length === 1 &&
    stderr.includes('Run: ') &&
    !/\n\s+at /.test(start.stderr),
  `npm start without a Postgres it can start: exit ${start.status}, "${stderr}"`,
);

// 4. A stopped Postgres cluster with Debian's default authentication: started, then refused
// (an existing cluster's pg_hba.conf is not ours to change), then up once trusted (what a fresh
// install gets). A cluster of its own, so the shared one never stops.
const version = postgresCluster(Number(new URL(databaseUrl).port || 5432))?.version;
const port = await freePort();
const name = `snaptrack-check-${port}`;
const clusterUrl = `postgres://postgres@127.0.0.1:${port}/snaptrack`;
const made = spawnSync('pg_createcluster', [version ?? '15', name, '-p', String(port)], {
  stdio: 'ignore',
});
try {
  record(made.status === 0, `made a stopped cluster ${version} ${name} on port ${port}`);
  const message = await ensureDependencies({ databaseUrl: clusterUrl, rabbitmqUrl, label: 'check' })
    .then(() => 'no error')
    .catch((error) => (error instanceof DependencyError ? error.message : `crash: ${error}`));
  const cluster = postgresCluster(port);
  record(cluster?.online === true, 'the check started the stopped cluster');
  record(
    message.includes('refused the login') && message.includes(`/${name}/pg_hba.conf`),
    `the check says: ${message}`,
  );
  trustLocalConnections(cluster);
  record((await probePostgres(clusterUrl)) === 'up', 'with the trust lines, the login works');
} finally {
  spawnSync('pg_dropcluster', ['--stop', version ?? '15', name], { stdio: 'ignore' });
}

const failed = results.filter((ok) => !ok).length;
console.log(failed ? `self-setup: ${failed} FAILED` : 'self-setup: all passed');
process.exit(failed ? 1 : 0);
