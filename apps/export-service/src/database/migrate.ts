import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createExportDataSource } from './data-source.js';
import { EXPORT_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert]`: the export schema's migrate step. */
const env = loadConfigOrExit(
  'export-service migrate',
  z.object({ DATABASE_URL: z.string().min(1) }),
);
const dataSource = await createExportDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('export: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, EXPORT_SCHEMA);
    process.stdout.write(`export: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`);
  }
} finally {
  await dataSource.destroy();
}
