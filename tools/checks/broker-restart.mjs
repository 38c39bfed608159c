// `npm run check:broker-restart`: starts an isolated stack, restarts RabbitMQ
// (`rabbitmqctl stop_app && start_app`) and checks that sign-in works again by itself, without
// restarting any SnapTrack process. Not part of `npm test`: restarting the shared broker would
// disturb other runs on the same machine.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DemoAccount } from '@snaptrack/contracts';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { freePort } from '../testing/free-port.mjs';
import { newRunId } from '../testing/run-id.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';
import { createBusUsers, deleteBusUsers } from '../lib/bus-users.mjs';

const runId = newRunId();
const env = stackEnv({
  DATABASE_URL: `postgres://postgres@127.0.0.1:5432/snaptrack_check_${runId}`,
  RMQ_PREFIX: `c${runId}`,
  PORT: String(await freePort()),
  SEED_DEMO: 'true',
  RPC_TIMEOUT_MS: '3000',
});
const login = async () => {
  const response = await fetch(`http://127.0.0.1:${env.PORT}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DemoAccount.email, password: DemoAccount.password }),
  }).catch(() => ({ status: 0 }));
  return response.status;
};
const rabbitmqctl = (command) => {
  const result = spawnSync('rabbitmqctl', [command], { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`rabbitmqctl ${command} failed`);
};

await migrateAll(env);
// Each process as its own user, as in production: reconnecting re-declares its reply queues.
const bus = createBusUsers({
  adminUrl: env.RABBITMQ_URL,
  prefix: env.RMQ_PREFIX,
  tag: env.RMQ_PREFIX,
});
if (!bus.ok) console.log('rabbitmqctl unavailable: every process connects as the admin user');
const stack = await startStack(env, {
  logDir: path.join(ROOT, 'var/check', runId),
  busUrls: bus.urls ?? {},
});
let ok = false;
try {
  console.log(`before restart: sign-in ${await login()}`);
  rabbitmqctl('stop_app');
  console.log(`broker stopped: sign-in ${await login()} (503 expected)`);
  rabbitmqctl('start_app');
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if ((await login()) === 200) {
      ok = true;
      console.log(`recovered: sign-in 200 after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
} finally {
  await stack.stop();
  await dropDatabase(env.DATABASE_URL);
  await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
  await deleteBusUsers(bus.users ?? []);
}
console.log(
  ok ? 'broker restart: recovered by itself' : 'broker restart: NOT recovered within 60 s',
);
process.exit(ok ? 0 : 1);
