import { defineService } from '@snaptrack/nest-rmq';
import { EXPORT_SCHEMA, loadExportConfig } from './config/env.js';
import { exportEntities, exportMigrations } from './database/data-source.js';
import { PackJobsController } from './jobs/pack-jobs.controller.js';
import { PdfJobsController } from './jobs/pdf-jobs.controller.js';
import { PdfJobsService } from './jobs/pdf-jobs.service.js';
import { RetentionSweeper } from './jobs/retention-sweeper.js';
import { PackMaker } from './pack/pack-maker.js';
import { EXPORT_CONFIG } from './tokens.js';

/** export-service, declared for the service kit (docs/development.md, Adding a service). */
export const exportService = defineService({
  name: 'export',
  config: { load: loadExportConfig, token: EXPORT_CONFIG },
  schema: { name: EXPORT_SCHEMA, entities: exportEntities, migrations: exportMigrations },
  outbox: true,
  storage: {},
  controllers: [PdfJobsController, PackJobsController],
  providers: [PdfJobsService, PackMaker],
  jobs: [RetentionSweeper],
  // Status calls keep being answered while PDF_CONCURRENCY jobs run.
  prefetch: 20,
});
