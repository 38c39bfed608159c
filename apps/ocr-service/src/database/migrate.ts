import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { migrateSchema, revertLastMigration } from '@snaptrack/nest-database';
import { createOcrDataSource } from './data-source.js';
import { OCR_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert]`: the ocr schema's migrate step. */
const env = loadConfigOrExit('ocr-service migrate', z.object({ DATABASE_URL: z.string().min(1) }));
const dataSource = await createOcrDataSource(env.DATABASE_URL).initialize();
try {
  if (process.argv.includes('--revert')) {
    await revertLastMigration(dataSource);
    process.stdout.write('ocr: reverted the last migration\n');
  } else {
    const applied = await migrateSchema(dataSource, OCR_SCHEMA);
    process.stdout.write(`ocr: ${applied.length ? applied.join(', ') : 'schema up to date'}\n`);
  }
} finally {
  await dataSource.destroy();
}
