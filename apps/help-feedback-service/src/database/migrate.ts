import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createHelpDataSource } from './data-source.js';
import { HELP_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert]`: the help schema's migrate step. */
const env = loadConfigOrExit(
  'help-feedback-service migrate',
  z.object({ DATABASE_URL: z.string().min(1) }),
);
const dataSource = await createHelpDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('help-feedback: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, HELP_SCHEMA);
    process.stdout.write(
      `help-feedback: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`,
    );
  }
} finally {
  await dataSource.destroy();
}
