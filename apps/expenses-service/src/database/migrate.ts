import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep } from '@snaptrack/nest-database';
import { createExpensesDataSource } from './data-source.js';
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
  // The seed loads the service's own modules: imported only when it runs.
  seed: env.SEED_DEMO
    ? {
        name: 'demo expenses',
        run: async (dataSource) =>
          (await import('../seed/seed-demo.js')).seedDemoExpenses(dataSource),
      }
    : undefined,
});
