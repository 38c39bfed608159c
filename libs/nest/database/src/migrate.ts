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

/** Undoes the newest `count` migrations, newest first, each in its own transaction. */
export async function revertMigrations(dataSource: DataSource, count: number): Promise<void> {
  for (let step = 0; step < count; step += 1) {
    await dataSource.undoLastMigration({ transaction: 'each' });
  }
}

export const MAX_REVERT_STEPS = 100;

/**
 * How many migrations a migrate step's arguments ask to undo: 0 without `--revert`, 1 for
 * `--revert` alone, N for `--revert N`; null when N is not a whole number from 1 to
 * MAX_REVERT_STEPS, for the caller to refuse before it touches the schema.
 */
export function revertSteps(argv: readonly string[]): number | null {
  const at = argv.indexOf('--revert');
  if (at === -1) return 0;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) return 1;
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 && count <= MAX_REVERT_STEPS ? count : null;
}
