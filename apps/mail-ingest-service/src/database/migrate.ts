import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createMailIngestDataSource } from './data-source.js';
import { MAIL_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert]`: the mail_ingest schema's migrate step. */
const env = loadConfigOrExit(
  'mail-ingest-service migrate',
  z.object({ DATABASE_URL: z.string().min(1) }),
);
const dataSource = await createMailIngestDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('mail-ingest: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, MAIL_SCHEMA);
    process.stdout.write(
      `mail-ingest: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`,
    );
  }
} finally {
  await dataSource.destroy();
}
