import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep } from '@snaptrack/nest-database';
import { createAuthDataSource } from './data-source.js';
import { AUTH_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the auth schema's migrate step (and seed). */
const env = loadConfigOrExit(
  'auth-service migrate',
  z.object({ DATABASE_URL: z.string().min(1), SEED_DEMO: envBoolean.default(false) }),
);
await runMigrateStep({
  label: 'auth',
  schema: AUTH_SCHEMA,
  dataSource: () => createAuthDataSource(env.DATABASE_URL),
  // The seed loads the service's own modules: imported only when it runs.
  seed: env.SEED_DEMO
    ? {
        name: 'demo account',
        run: async (dataSource) =>
          (await import('../seed/seed-demo.js')).seedDemoAccount(dataSource),
      }
    : undefined,
});
