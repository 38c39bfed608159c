import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createAuthDataSource } from './data-source.js';
import { seedDemoAccount } from '../seed/seed-demo.js';
import { AUTH_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert]`: the auth schema's migrate step (and seed). */
const env = loadConfigOrExit(
  'auth-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
const dataSource = await createAuthDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('auth: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, AUTH_SCHEMA);
    process.stdout.write(`auth: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`);
    if (env.SEED_DEMO)
      process.stdout.write(`auth: demo account ${await seedDemoAccount(dataSource)}\n`);
  }
} finally {
  await dataSource.destroy();
}
