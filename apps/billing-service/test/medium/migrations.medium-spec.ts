import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { migrateSchema, revertMigrations, schemaDataSource } from '@snaptrack/nest-database';
import { createScratchDatabase, type ScratchDatabase } from '@snaptrack/testing/scratch-database';
import { BILLING_SCHEMA } from '../../src/config/env.js';
import { billingSchema } from '../../src/database/data-source.js';

// The billing migrations walked down and up again in process, with the service's real
// migrations: what `migrate.js --revert` and `migrate.js` do, without a process per step. The
// migrate step as a process (the tables it makes, the demo seed) is tested in
// ../migrations.int-spec.ts.

let db: ScratchDatabase;
let dataSource: DataSource;

const TABLES = [
  'checkouts',
  'inbox',
  'migrations',
  'outbox',
  'portal_sessions',
  'stripe_events',
  'subscriptions',
].map((table_name) => ({ table_schema: 'billing', table_name }));

beforeAll(async () => {
  db = await createScratchDatabase('billing');
  dataSource = schemaDataSource(billingSchema, db.url);
  await dataSource.initialize();
  await migrateSchema(dataSource, BILLING_SCHEMA);
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

describe('billing migrations', () => {
  it('revert cleanly, newest first, and apply again', async () => {
    const tables = () =>
      db.query<{ table_schema: string; table_name: string }>(
        `SELECT table_schema, table_name FROM information_schema.tables
         WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
      );
    expect(await tables()).toEqual(TABLES);
    const claimColumns = () =>
      db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = 'billing' AND table_name = 'checkouts' AND column_name = 'account_created'`,
      );
    expect(await claimColumns()).toHaveLength(1);
    // Newest first: the checkout-claims columns, then past_due_since, then every table.
    await revertMigrations(dataSource, 1);
    expect(await claimColumns()).toEqual([]);
    const pastDueSince = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.columns
           WHERE table_schema = 'billing' AND table_name = 'subscriptions'
             AND column_name = 'past_due_since'`,
        )
      )[0]?.n;
    expect(await pastDueSince()).toBe(1);
    await revertMigrations(dataSource, 1);
    expect(await pastDueSince()).toBe(0);
    await revertMigrations(dataSource, 1);
    expect(await tables()).toEqual([{ table_schema: 'billing', table_name: 'migrations' }]);
    await migrateSchema(dataSource, BILLING_SCHEMA);
    expect(await tables()).toEqual(TABLES);
    expect(await pastDueSince()).toBe(1);
  });
});
