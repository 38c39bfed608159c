import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@snaptrack/nest-database';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { createPingController } from '@snaptrack/nest-rmq';
import { HELP_SCHEMA, type HelpFeedbackConfig } from './config/env.js';
import { helpEntities, helpMigrations } from './database/data-source.js';
import { HelpController } from './help/help.controller.js';
import { HelpService } from './help/help.service.js';
import { HelpSyncService } from './help/help-sync.service.js';
import { FeedbackController } from './feedback/feedback.controller.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { VersionsController } from './versions/versions.controller.js';
import { VersionsService } from './versions/versions.service.js';
import { HELP_FEEDBACK_CONFIG } from './tokens.js';

@Module({})
export class HelpFeedbackModule {
  static register(config: HelpFeedbackConfig, logger: Logger): DynamicModule {
    return {
      module: HelpFeedbackModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: HELP_SCHEMA,
          entities: helpEntities,
          migrations: helpMigrations,
        }),
      ],
      controllers: [
        createPingController('help-feedback'),
        HelpController,
        FeedbackController,
        VersionsController,
      ],
      providers: [
        { provide: HELP_FEEDBACK_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        HelpSyncService,
        HelpService,
        FeedbackService,
        VersionsService,
      ],
    };
  }
}
