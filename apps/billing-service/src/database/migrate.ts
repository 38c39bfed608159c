import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep, schemaDataSource } from '@snaptrack/nest-database';
import { billingSchema } from './data-source.js';
import { BILLING_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the billing schema's migrate step (and seed). */
const env = loadConfigOrExit(
  'billing-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
await runMigrateStep({
  label: 'billing',
  schema: BILLING_SCHEMA,
  dataSource: () => schemaDataSource(billingSchema, env.DATABASE_URL),
  // The seed loads the service's own modules: imported only when it runs.
  seed: env.SEED_DEMO
    ? {
        name: 'demo subscription',
        run: async (dataSource) =>
          (await import('../seed/seed-demo.js')).seedDemoSubscription(dataSource),
      }
    : undefined,
});
