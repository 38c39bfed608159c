import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createExpensesDataSource } from './data-source.js';
import { seedDemoExpenses } from '../seed/seed-demo.js';
import { EXPENSES_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert]`: the expenses schema's migrate step (and seed). */
const env = loadConfigOrExit(
  'expenses-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
const dataSource = await createExpensesDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('expenses: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, EXPENSES_SCHEMA);
    process.stdout.write(
      `expenses: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`,
    );
    if (env.SEED_DEMO) {
      process.stdout.write(`expenses: demo expenses ${await seedDemoExpenses(dataSource)}\n`);
    }
  }
} finally {
  await dataSource.destroy();
}
