import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { migrateSchema, revertMigrations } from '@snaptrack/nest-database';
import { createScratchDatabase, type ScratchDatabase } from '@snaptrack/testing/scratch-database';
import { AUTH_SCHEMA } from '../../src/config/env.js';
import { createAuthDataSource } from '../../src/database/data-source.js';

// The auth migrations walked down and up again in process, with the service's real migrations:
// what `migrate.js --revert` and `migrate.js` do, without a process per step. The migrate step
// as a process (two racing) is tested in ../migrations.int-spec.ts.

let db: ScratchDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createScratchDatabase('auth');
  dataSource = createAuthDataSource(db.url);
  await dataSource.initialize();
  await migrateSchema(dataSource, AUTH_SCHEMA);
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

describe('auth migrations', () => {
  it('revert every migration, newest first, and apply them again', async () => {
    const exists = async () =>
      (
        await db.query<{ ended: string | null; codes: string | null; users: string | null }>(
          `SELECT to_regclass('auth.ended_sessions') AS ended,
                  to_regclass('auth.action_codes') AS codes, to_regclass('auth.users') AS users`,
        )
      )[0];
    await revertMigrations(dataSource, 1);
    expect(await exists()).toEqual({
      ended: null,
      codes: 'auth.action_codes',
      users: 'auth.users',
    });
    await revertMigrations(dataSource, 1);
    expect(await exists()).toEqual({ ended: null, codes: null, users: 'auth.users' });
    await revertMigrations(dataSource, 1);
    expect(await exists()).toEqual({ ended: null, codes: null, users: null });
    await migrateSchema(dataSource, AUTH_SCHEMA);
    expect(await exists()).toEqual({
      ended: 'auth.ended_sessions',
      codes: 'auth.action_codes',
      users: 'auth.users',
    });
  });
});
