import { createServiceDataSource } from '@snaptrack/nest-database';
import { CreateHelp1764720000000 } from './migrations/1764720000000-create-help.js';
import { HELP_SCHEMA } from '../config/env.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const helpEntities = [];
export const helpMigrations = [CreateHelp1764720000000];

export function createHelpDataSource(url: string) {
  return createServiceDataSource({
    url,
    schema: HELP_SCHEMA,
    entities: helpEntities,
    migrations: helpMigrations,
  });
}
