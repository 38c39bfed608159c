import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@snaptrack/nest-database';
import { objectStorageProvider } from '@snaptrack/nest-config';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { createPingController, outboxBusProviders } from '@snaptrack/nest-rmq';
import { EXPORT_SCHEMA, type ExportConfig } from './config/env.js';
import { exportEntities, exportMigrations } from './database/data-source.js';
import { PackJobsController } from './jobs/pack-jobs.controller.js';
import { PdfJobsController } from './jobs/pdf-jobs.controller.js';
import { PdfJobsService } from './jobs/pdf-jobs.service.js';
import { RetentionSweeper } from './jobs/retention-sweeper.js';
import { PackMaker } from './pack/pack-maker.js';
import { EXPORT_CONFIG } from './tokens.js';

@Module({})
export class ExportModule {
  static register(config: ExportConfig, logger: Logger): DynamicModule {
    return {
      module: ExportModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: EXPORT_SCHEMA,
          entities: exportEntities,
          migrations: exportMigrations,
        }),
      ],
      controllers: [createPingController('export'), PdfJobsController, PackJobsController],
      providers: [
        { provide: EXPORT_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        objectStorageProvider(EXPORT_CONFIG),
        ...outboxBusProviders(EXPORT_SCHEMA, EXPORT_CONFIG, LOGGER),
        PdfJobsService,
        PackMaker,
        RetentionSweeper,
      ],
    };
  }
}
