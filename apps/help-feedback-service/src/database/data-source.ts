import type { ServiceSchema } from '@snaptrack/nest-database';
import { CreateHelp1764720000000 } from './migrations/1764720000000-create-help.js';
import { HELP_SCHEMA } from '../config/env.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const helpSchema: ServiceSchema = {
  name: HELP_SCHEMA,
  migrations: [CreateHelp1764720000000],
};
