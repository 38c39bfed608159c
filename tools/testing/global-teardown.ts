import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { deleteRunQueues } from './queues.mjs';
import { deleteBusUsers } from '../lib/bus-users.mjs';
import { describeLeaks, scanRunLogs } from './secret-scan.mjs';

/**
 * Stops the stack, looks for every secret the tests saw issued in every log of the run (the run
 * fails on one, and its files stay for reading), and removes the run's database, queues, bus users and files.
 */
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
  const runDir = path.join(ROOT, 'var', 'test', process.env.SNAPTRACK_RUN_ID ?? 'none');
  const leaks = scanRunLogs(runDir);
  if (leaks.length > 0) {
    throw new Error(
      `${leaks.length} issued secret(s) found in the logs of this run (kept in ${runDir}):\n${describeLeaks(leaks)}`,
    );
  }
  if (!process.env.SNAPTRACK_KEEP_LOGS) rmSync(runDir, { recursive: true, force: true });
}
