import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { loadExportConfig } from './config/env.js';
import { ExportModule } from './export.module.js';

const config = loadExportConfig();
const logger = createLogger('export-service', config.LOG_LEVEL);

await runService({
  service: 'export',
  module: ExportModule.register(config, logger),
  config,
  logger,
  // Status calls keep being answered while PDF_CONCURRENCY jobs run.
  prefetch: 20,
  ready: async (app) => ({ postgres: await isDatabaseUp(app.get(DataSource)) }),
});
