import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep } from '@snaptrack/nest-database';
import { createExpensesDataSource } from './data-source.js';
import { seedDemoExpenses } from '../seed/seed-demo.js';
import { EXPENSES_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the expenses schema's migrate step (and seed). */
const env = loadConfigOrExit(
  'expenses-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
await runMigrateStep({
  label: 'expenses',
  schema: EXPENSES_SCHEMA,
  dataSource: () => createExpensesDataSource(env.DATABASE_URL),
  seed: env.SEED_DEMO ? { name: 'demo expenses', run: seedDemoExpenses } : undefined,
});
