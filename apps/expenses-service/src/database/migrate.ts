import 'reflect-metadata';
import { z } from 'zod';
import { envBoolean, loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
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
const revertAt = process.argv.indexOf('--revert');
const steps = revertAt === -1 ? 0 : revertCount(process.argv[revertAt + 1]);
const dataSource = await createExpensesDataSource(env.DATABASE_URL).initialize();
try {
  if (steps > 0) {
    for (let step = 0; step < steps; step += 1) await revertLastMigration(dataSource);
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

/** The number after `--revert`: 1 when there is none; anything but 1 to 100 stops here. */
function revertCount(value: string | undefined): number {
  if (value === undefined || value.startsWith('--')) return 1;
  const count = Number(value);
  if (Number.isInteger(count) && count >= 1 && count <= 100) return count;
  process.stderr.write('expenses migrate: --revert takes a number of migrations, 1 to 100\n');
  process.exit(64);
}
