import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep } from '@snaptrack/nest-database';
import { createExportDataSource } from './data-source.js';
import { EXPORT_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the export schema's migrate step. */
const env = loadConfigOrExit(
  'export-service migrate',
  z.object({ DATABASE_URL: z.string().min(1) }),
);
await runMigrateStep({
  label: 'export',
  schema: EXPORT_SCHEMA,
  dataSource: () => createExportDataSource(env.DATABASE_URL),
});
