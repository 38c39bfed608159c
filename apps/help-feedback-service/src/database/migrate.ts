import 'reflect-metadata';
import { z } from 'zod';
import { loadConfigOrExit } from '@snaptrack/nest-config';
import { runMigrateStep, schemaDataSource } from '@snaptrack/nest-database';
import { helpSchema } from './data-source.js';
import { HELP_SCHEMA } from '../config/env.js';

/** `node dist/database/migrate.js [--revert [N]]`: the help-feedback schema's migrate step. */
const env = loadConfigOrExit(
  'help-feedback-service migrate',
  z.object({ DATABASE_URL: z.string().min(1) }),
);
await runMigrateStep({
  label: 'help-feedback',
  schema: HELP_SCHEMA,
  dataSource: () => schemaDataSource(helpSchema, env.DATABASE_URL),
});
