import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { deleteRunQueues } from './queues.mjs';
import { deleteBusUsers } from '../lib/bus-users.mjs';

/** Stops the stack and removes the run's database, queues, bus users and files. */
export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__SNAPTRACK_STACK__;
  if (!running) return;
  running.control.close();
  await running.oidc.close();
  await running.stack.stop();
  const { env } = running;
  await dropDatabase(env.DATABASE_URL);
  await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
  await deleteBusUsers(running.busUsers);
  if (!process.env.SNAPTRACK_KEEP_LOGS) {
    rmSync(path.join(ROOT, 'var', 'test', process.env.SNAPTRACK_RUN_ID ?? 'none'), {
      recursive: true,
      force: true,
    });
  }
}
