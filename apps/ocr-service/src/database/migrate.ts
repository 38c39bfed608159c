import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep, schemaDataSource } from '@snaptrack/nest-database';
import { ocrSchema } from './data-source.js';
import { OCR_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the ocr schema's migrate step. */
const env = loadConfigOrExit('ocr-service migrate', z.object({ DATABASE_URL: z.string().min(1) }));
await runMigrateStep({
  label: 'ocr',
  schema: OCR_SCHEMA,
  dataSource: () => schemaDataSource(ocrSchema, env.DATABASE_URL),
});
