import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { isDatabaseUp } from '@snaptrack/nest-database';
import { runService } from '@snaptrack/nest-rmq';
import { loadMailIngestConfig } from './config/env.js';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { ObjectStorage } from '@snaptrack/storage';
import { MailIngestModule } from './mail-ingest.module.js';

const config = loadMailIngestConfig();
const logger = createLogger('mail-ingest-service', config.LOG_LEVEL);

await runService({
  service: 'mail-ingest',
  module: MailIngestModule.register(config, logger),
  config,
  logger,
  // Messages in hand at once: parsing waits for one of PARSE_CONCURRENCY workers, so the
  // margin keeps mail-log requests from queueing behind a burst of mail.
  prefetch: 16,
  ready: async (app) => ({
    postgres: await isDatabaseUp(app.get(DataSource)),
    storage: await app
      .get<ObjectStorage>(OBJECT_STORAGE)
      .ping()
      .then(
        () => true,
        () => false,
      ),
  }),
});
