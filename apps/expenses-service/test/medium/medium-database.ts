import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { migrateSchema } from '@snaptrack/nest-database';
import { EXPENSES_SCHEMA } from '../../src/config/env.js';
import { createExpensesDataSource } from '../../src/database/data-source.js';

/**
 * A database of its own for one medium test file, migrated once with the service's real
 * migrations (from source). The Postgres is `MEDIUM_DATABASE_URL`'s, else the one `npm test`
 * uses; the database is dropped when the file ends.
 */
export interface MediumDatabase {
  dataSource: DataSource;
  /** Its URL, for a plain node-pg client. */
  url: string;
  drop(): Promise<void>;
}

const server = new URL(
  process.env.MEDIUM_DATABASE_URL ??
    process.env.SNAPTRACK_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres',
);

async function onServer(sql: string): Promise<void> {
  const admin = new URL(server);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createMediumDatabase(): Promise<MediumDatabase> {
  const name = `snaptrack_medium_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const dataSource = createExpensesDataSource(url.toString());
  await dataSource.initialize();
  await migrateSchema(dataSource, EXPENSES_SCHEMA);
  return {
    dataSource,
    url: url.toString(),
    async drop() {
      await dataSource.destroy();
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
