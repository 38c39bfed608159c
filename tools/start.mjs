// `npm start`: build, migrate and seed, start every process, wait until healthy, print where
// to go. Ctrl-C (or SIGTERM) stops everything, services draining their messages first.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, metricsPorts, migrateAll, stackEnv, startStack } from './lib/stack.mjs';
import { ensureDependenciesOrExit } from './lib/dependencies.mjs';

const port = process.env.PORT ?? '8080';
const logDir = path.join(ROOT, 'var/log');
const env = stackEnv({ PORT: port, SEED_DEMO: 'true' });

// Postgres and RabbitMQ first: installed and started here if we may, else one message and out.
await ensureDependenciesOrExit({
  databaseUrl: env.DATABASE_URL,
  rabbitmqUrl: env.RABBITMQ_URL,
  label: 'start',
});

const build = spawnSync(process.execPath, [path.join(ROOT, 'tools/build.mjs')], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
// Only now: on a fresh clone the contracts' dist/ exists after the build, not before.
const { DemoAccount } = await import('@snaptrack/contracts');

const smtpPort = env.SMTP_PORT ?? '2525';
for (const line of await migrateAll(env))
  process.stdout.write(`migrate: ${line.replaceAll('\n', '\n         ')}\n`);

// METRICS_PORT=9464 npm start: the gateway's /metrics there, the services' on the next ports.
let nextMetricsPort = Number(env.METRICS_PORT ?? 0);
const metrics = nextMetricsPort
  ? await metricsPorts(() => nextMetricsPort++, 'localhost')
  : { unitEnv: {}, urls: {} };

let shuttingDown = false;
process.stdout.write(
  `start: launching services (logs in ${path.relative(process.cwd(), logDir) || logDir}/)\n`,
);
const stack = await startStack(env, {
  logDir,
  unitEnv: metrics.unitEnv,
  onExit: (name, code, signal) => {
    if (!shuttingDown)
      process.stderr.write(`start: ${name} stopped (${signal ?? code}); see var/log/${name}.log\n`);
  },
}).catch((error) => {
  process.stderr.write(`start: ${error.message}\nstart: see the logs in var/log/\n`);
  process.exit(1);
});

const url = `http://localhost:${port}`;
process.stdout.write(
  [
    '',
    'SnapTrack is running.',
    `  Web app:        ${url}/?app=true   (marketing site: ${url}/)`,
    `  API docs:       ${url}/api/docs`,
    `  Demo account:   ${DemoAccount.email} / ${DemoAccount.password}`,
    `  SMTP (receipts): localhost:${smtpPort}   (try: swaks --to ${DemoAccount.username}@${env.MAIL_DOMAIN} --server localhost:${smtpPort} --attach receipt.jpg)`,
    ...Object.entries(metrics.urls).map(
      ([name, metricsUrl], index) =>
        `  ${(index ? '' : 'Metrics:').padEnd(16)}${metricsUrl}   (${name})`,
    ),
    '',
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    shuttingDown = true;
    process.stdout.write('\nstart: stopping…\n');
    await stack.stop();
    process.stdout.write('start: stopped\n');
    process.exit(0);
  });
}
