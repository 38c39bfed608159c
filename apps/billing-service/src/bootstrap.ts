import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { loadBillingConfig } from './config/env.js';
import { BillingModule } from './billing.module.js';

const config = loadBillingConfig();
const logger = createLogger('billing-service', config.LOG_LEVEL);

await runService({
  service: 'billing',
  module: BillingModule.register(config, logger),
  config,
  logger,
  prefetch: 10,
  ready: async (app) => ({ postgres: await isDatabaseUp(app.get(DataSource)) }),
});
logger.info({ provider: config.BILLING }, 'billing provider');
