import type { DataSource } from 'typeorm';
import { assertSchemaName } from './create-data-source.js';

/**
 * Runs pending migrations under a Postgres advisory lock keyed by the schema, so that two
 * replicas (or two `migrate` jobs) never apply the same migration at once.
 */
export async function migrateSchema(dataSource: DataSource, schema: string): Promise<string[]> {
  assertSchemaName(schema);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]);
    await runner.release();
  }
}

export async function revertLastMigration(dataSource: DataSource): Promise<void> {
  await dataSource.undoLastMigration({ transaction: 'each' });
}
