import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { DemoAccount } from '@snaptrack/contracts';

const migrate = path.resolve('apps/expenses-service/dist/database/migrate.js');
const base = new URL(process.env.SNAPTRACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
const databaseName = `${base.pathname.slice(1)}_expenses_migrations`;
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${databaseName}`;

function run(args: string[] = [], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [migrate, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl.toString(), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function query<T>(sql: string, url = databaseUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
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

// The migrate step as a process: two racing, the seed, a refused count. The walk down and up
// the migrations runs in process, in medium/migrations.medium-spec.ts.
describe('expenses migrations and demo seed', () => {
  it('apply once when two migrate steps race, only inside the expenses schema', async () => {
    const [first, second] = await Promise.all([run(), run()]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const tables = await query<{ table_schema: string; table_name: string }>(
      `SELECT table_schema, table_name FROM information_schema.tables
       WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    expect(tables.map((t) => `${t.table_schema}.${t.table_name}`)).toEqual([
      'expenses.account_settings',
      'expenses.daily_counts',
      'expenses.daily_totals',
      'expenses.entities',
      'expenses.expense_parts',
      'expenses.expenses',
      'expenses.inbox',
      'expenses.known_stores',
      'expenses.migrations',
      'expenses.monthly_tag_totals',
      'expenses.monthly_vendor_totals',
      'expenses.outbox',
      'expenses.receipt_rereads',
      'expenses.store_matches',
      'expenses.tags',
      'expenses.user_versions',
    ]);
  });

  it('seed the demo account once, however often the seed runs', async () => {
    const seeds = await Promise.all([
      run([], { SEED_DEMO: 'true' }),
      run([], { SEED_DEMO: 'true' }),
    ]);
    expect(seeds.map((seed) => seed.code)).toEqual([0, 0]);
    expect(seeds.map((seed) => seed.output).join('')).toContain('demo expenses created');
    expect((await run([], { SEED_DEMO: 'true' })).output).toContain('demo expenses exists');
    const [counts] = await query<{ expenses: number; entities: string[]; tags: number }>(
      `SELECT (SELECT count(*) FROM expenses.expenses WHERE user_id = '${DemoAccount.id}')::int AS expenses,
              (SELECT array_agg(name ORDER BY name) FROM expenses.entities WHERE user_id = '${DemoAccount.id}') AS entities,
              (SELECT count(*) FROM expenses.tags WHERE user_id = '${DemoAccount.id}')::int AS tags`,
    );
    expect(counts.expenses).toBe(61);
    expect(counts.entities).toEqual(['Acme Consulting', 'Personal', 'Side Studio']);
    expect(counts.tags).toBeGreaterThanOrEqual(6);
  });

  it('refuses a revert count it cannot use, before touching the schema', async () => {
    const refused = await run(['--revert', 'all']);
    expect(refused).toEqual({
      code: 64,
      output: 'expenses migrate: --revert takes a number of migrations, 1 to 100\n',
    });
  });
});
