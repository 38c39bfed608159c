import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import amqp from 'amqplib';
import { declareBusTopology } from '@snaptrack/nest-rmq';
import { bootOnce, deleteRunQueues, withDatabase } from '@snaptrack/testing';

const main = path.resolve('apps/billing-service/dist/main.js');

function env(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATABASE_URL: process.env.SNAPTRACK_DATABASE_URL,
    RABBITMQ_URL: process.env.SNAPTRACK_RABBITMQ_URL,
    LOG_LEVEL: 'info',
    ...extra,
  };
}

function boot(extra: Record<string, string>) {
  return bootOnce(main, env(extra));
}

describe('billing-service in production', () => {
  it('refuses local billing: exit 78 and one line that names the fix', () => {
    const result = boot({ NODE_ENV: 'production', BILLING: 'local' });
    expect(result.status).toBe(78);
    const line = result.stderr.split('\n').find((text) => text.includes('BILLING is invalid'));
    expect(line).toContain('refused with NODE_ENV=production');
    expect(line).toContain('BILLING=off');
    expect(line).toContain('BILLING=stripe');
    expect(line).toContain('ALLOW_LOCAL_BILLING_IN_PRODUCTION=true');
  });

  it('refuses the local default too when BILLING is unset and no Stripe key is given', () => {
    const result = boot({ NODE_ENV: 'production' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('BILLING is missing: local billing');
  });

  it('starts with local billing when a demo allows it explicitly', async () => {
    const prefix = `${process.env.SNAPTRACK_RMQ_PREFIX ?? 'test'}-boot`.slice(0, 40);
    // Its own database and queues: its outbox relay must not take the stack's events.
    const url = new URL(process.env.SNAPTRACK_DATABASE_URL ?? '');
    const database = `${url.pathname.slice(1)}_billing_boot`;
    url.pathname = `/${database}`;
    await withDatabase((client) => client.query(`DROP DATABASE IF EXISTS "${database}"`));
    await withDatabase((client) => client.query(`CREATE DATABASE "${database}"`));
    const migrated = spawnSync(
      process.execPath,
      [path.resolve('apps/billing-service/dist/database/migrate.js')],
      { env: env({ DATABASE_URL: url.href }), encoding: 'utf8', timeout: 30_000 },
    );
    expect(migrated.status).toBe(0);
    // The deploy step's part: a service only consumes queues an administrator declared.
    const broker = await amqp.connect(process.env.SNAPTRACK_RABBITMQ_URL ?? '');
    await declareBusTopology(await broker.createChannel(), prefix, ['billing']);
    await broker.close();
    const child = spawn(process.execPath, [main], {
      env: env({
        DATABASE_URL: url.href,
        NODE_ENV: 'production',
        BILLING: 'local',
        ALLOW_LOCAL_BILLING_IN_PRODUCTION: 'true',
        RMQ_PREFIX: prefix,
        BILLING_SWEEP_INTERVAL_MS: '3600000',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 30_000;
      while (!output.includes('billing provider') && Date.now() < deadline) {
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain('"provider":"local"');
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await exited;
      await deleteRunQueues(process.env.SNAPTRACK_RABBITMQ_URL ?? '', prefix);
      await withDatabase((client) => client.query(`DROP DATABASE IF EXISTS "${database}"`));
    }
  }, 40_000);
});
