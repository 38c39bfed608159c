import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep, schemaDataSource } from '@snaptrack/nest-database';
import { mailIngestSchema } from './data-source.js';
import { MAIL_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the mail-ingest schema's migrate step. */
const env = loadConfigOrExit(
  'mail-ingest-service migrate',
  z.object({ DATABASE_URL: z.string().min(1) }),
);
await runMigrateStep({
  label: 'mail-ingest',
  schema: MAIL_SCHEMA,
  dataSource: () => schemaDataSource(mailIngestSchema, env.DATABASE_URL),
});
