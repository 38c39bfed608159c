import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { loadHelpFeedbackConfig } from './config/env.js';
import { HelpFeedbackModule } from './help-feedback.module.js';

const config = loadHelpFeedbackConfig();
const logger = createLogger('help-feedback-service', config.LOG_LEVEL);

await runService({
  service: 'help-feedback',
  module: HelpFeedbackModule.register(config, logger),
  config,
  logger,
  prefetch: 20,
  ready: async (app) => ({ postgres: await isDatabaseUp(app.get(DataSource)) }),
});
