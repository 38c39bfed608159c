import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { DemoAccount } from '@snaptrack/contracts';

const migrate = path.resolve('apps/billing-service/dist/database/migrate.js');
const base = new URL(process.env.SNAPTRACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
const databaseName = `${base.pathname.slice(1)}_billing_migrations`;
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${databaseName}`;

function run(args: string[] = [], env: Record<string, string> = {}): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [migrate, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl.toString(), ...env },
      stdio: 'ignore',
    });
    child.on('exit', (code) => resolve(code));
  });
}

async function query<T extends pg.QueryResultRow>(text: string, url = databaseUrl) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const adminUrl = new URL(base);
adminUrl.pathname = '/postgres';

beforeAll(async () => {
  await query(`CREATE DATABASE "${databaseName}"`, adminUrl);
});

afterAll(async () => {
  await query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`, adminUrl);
});

// The migrate step as a process: the tables it makes, the demo seed. The walk down and up the
// migrations runs in process, in medium/migrations.medium-spec.ts.
describe('billing migrations', () => {
  it('create the billing tables only', async () => {
    expect(await run()).toBe(0);
    const tables = () =>
      query<{ table_schema: string; table_name: string }>(
        `SELECT table_schema, table_name FROM information_schema.tables
         WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
      );
    const expected = [
      'checkouts',
      'inbox',
      'migrations',
      'outbox',
      'portal_sessions',
      'stripe_events',
      'subscriptions',
    ].map((table_name) => ({ table_schema: 'billing', table_name }));
    expect(await tables()).toEqual(expected);
  });

  it('seed the demo a renewing local subscription and its change event, once', async () => {
    expect(await run([], { SEED_DEMO: 'true' })).toBe(0);
    expect(await run([], { SEED_DEMO: 'true' })).toBe(0);
    const rows = await query<{ provider: string; status: string; renews: boolean }>(
      `SELECT "provider", "status", "cancel_at" IS NULL AND "current_period_end" > now() AS "renews"
       FROM billing.subscriptions WHERE "user_id" = '${DemoAccount.id}'`,
    );
    expect(rows).toEqual([{ provider: 'local', status: 'active', renews: true }]);
    const events = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM billing.outbox
       WHERE "pattern" = 'billing.subscription.changed.v1' AND "payload"->'data'->>'userId' = '${DemoAccount.id}'`,
    );
    // One per run: auth re-reads billing's answer, so a repeat is harmless.
    expect(events[0]?.n).toBe(2);
  });
});
