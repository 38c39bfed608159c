import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { loadExpensesConfig } from './config/env.js';
import { ExpensesModule } from './expenses.module.js';

const config = loadExpensesConfig();
const logger = createLogger('expenses-service', config.LOG_LEVEL);

await runService({
  service: 'expenses',
  module: ExpensesModule.register(config, logger),
  config,
  logger,
  prefetch: 20,
  ready: async (app) => ({ postgres: await isDatabaseUp(app.get(DataSource)) }),
});
