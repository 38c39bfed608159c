import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of its own for one medium test file, on `MEDIUM_DATABASE_URL`'s server (else
 * the one `npm test` uses). `query` runs one statement on a fresh connection with Postgres's
 * default search path, as an operator's psql would; `drop` removes the database.
 */
export interface ScratchDatabase {
  url: string;
  query<T>(sql: string): Promise<T[]>;
  drop(): Promise<void>;
}

const server = new URL(
  process.env.MEDIUM_DATABASE_URL ??
    process.env.SNAPTRACK_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);

async function run<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `snaptrack_medium_${label}_${randomBytes(6).toString('hex')}`;
  const admin = new URL(server);
  admin.pathname = '/postgres';
  await run(admin.toString(), `CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (sql) => run(url.toString(), sql),
    drop: async () => {
      await run(admin.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
