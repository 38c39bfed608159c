import { createServiceDataSource } from '@snaptrack/nest-database';
import { CreatePdfJobs1764800000000 } from './migrations/1764800000000-create-pdf-jobs.js';
import { PackJobs1795946955653 } from './migrations/1795946955653-pack-jobs.js';
import { EXPORT_SCHEMA } from '../config/env.js';

/** SQL with row types only, no TypeORM entities (docs/architecture.md, Persistence). */
export const exportEntities = [];
export const exportMigrations = [CreatePdfJobs1764800000000, PackJobs1795946955653];

export function createExportDataSource(url: string) {
  return createServiceDataSource({
    url,
    schema: EXPORT_SCHEMA,
    entities: exportEntities,
    migrations: exportMigrations,
  });
}
