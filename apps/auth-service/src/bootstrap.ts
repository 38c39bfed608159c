import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { loadAuthConfig } from './config/env.js';
import { AuthModule } from './auth.module.js';

const config = loadAuthConfig();
const logger = createLogger('auth-service', config.LOG_LEVEL);

await runService({
  service: 'auth',
  module: AuthModule.register(config, logger),
  config,
  logger,
  prefetch: 20,
  // The gateway's token checks (auth.user.token-version) come on `<prefix>.auth.session` and
  // are answered there, never behind sign-ins, hashes and mails in the work queue.
  lanes: [{ name: 'session', prefetch: 50 }],
  ready: async (app) => ({ postgres: await isDatabaseUp(app.get(DataSource)) }),
});
