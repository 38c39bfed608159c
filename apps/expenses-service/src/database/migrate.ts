import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import {
  MAX_REVERT_STEPS,
  migrateSchema,
  revertMigrations,
  revertSteps,
} from '@snaptrack/nest-database';
import { createExpensesDataSource } from './data-source.js';
import { seedDemoExpenses } from '../seed/seed-demo.js';
import { EXPENSES_SCHEMA } from '../config/env.js';

/**
 * `node dist/database/migrate.js [--revert [N]]`: the expenses schema's migrate step (and seed);
 * `--revert` undoes the newest migration, `--revert 5` the newest five.
 */
const env = loadConfigOrExit(
  'expenses-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
const steps = revertSteps(process.argv);
if (steps === null) {
  process.stderr.write(
    `expenses migrate: --revert takes a number of migrations, 1 to ${MAX_REVERT_STEPS}\n`,
  );
  process.exit(64);
}
const dataSource = await createExpensesDataSource(env.DATABASE_URL).initialize();
try {
  if (steps > 0) {
    await revertMigrations(dataSource, steps);
    process.stdout.write(
      `expenses: reverted the last ${steps === 1 ? 'migration' : `${steps} migrations`}\n`,
    );
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
