import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const migrate = path.resolve('apps/auth-service/dist/database/migrate.js');
const base = new URL(process.env.SNAPTRACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/x');
const databaseName = `${base.pathname.slice(1)}_migrations`;
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${databaseName}`;

function run(args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [migrate, ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl.toString() },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = base): Promise<T> {
  const adminUrl = new URL(url);
  if (url === base) adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
});

afterAll(async () => {
  await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
});

// The migrate step as a process: two racing. The walk down and up the migrations runs in
// process, in medium/migrations.medium-spec.ts.
describe('auth migrations', () => {
  it('apply once even when two migrate steps race, only inside the auth schema', async () => {
    const [first, second] = await Promise.all([run(), run()]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    const tables = await admin(
      (client) =>
        client.query<{ table_schema: string; table_name: string }>(
          `SELECT table_schema, table_name FROM information_schema.tables
           WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
        ),
      databaseUrl,
    );
    expect(tables.rows).toEqual(
      [
        'action_codes',
        'ended_sessions',
        'identities',
        'inbox',
        'migrations',
        'outbox',
        'rate_limits',
        'user_emails',
        'username_history',
        'usernames',
        'users',
      ].map((table_name) => ({ table_schema: 'auth', table_name })),
    );
  });
});
