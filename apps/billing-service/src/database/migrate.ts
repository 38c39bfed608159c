import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createBillingDataSource } from './data-source.js';
import { BILLING_SCHEMA } from '../config/env.js';
import { seedDemoSubscription } from '../seed/seed-demo.js';

/** `node dist/database/migrate.js [--revert]`: the billing schema's migrate step (and seed). */
const env = loadConfigOrExit(
  'billing-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
const dataSource = await createBillingDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('billing: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, BILLING_SCHEMA);
    process.stdout.write(`billing: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`);
    if (env.SEED_DEMO) {
      process.stdout.write(
        `billing: demo subscription ${await seedDemoSubscription(dataSource)}\n`,
      );
    }
  }
} finally {
  await dataSource.destroy();
}
