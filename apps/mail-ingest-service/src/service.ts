import { defineService } from '@snaptrack/nest-rmq';
import { loadMailIngestConfig } from './config/env.js';
import { mailIngestSchema } from './database/data-source.js';
import { MailIngestController } from './mail-ingest.controller.js';
import { mailIngestJobs, mailIngestParts } from './mail-ingest.parts.js';
import { MailIngestRuntime } from './mail-ingest.runtime.js';
import { RAW_MAIL_PREFIX } from './retention/raw-mail-sweeper.js';
import { MAIL_INGEST_CONFIG } from './tokens.js';

export const mailIngestService = defineService({
  name: 'mail-ingest',
  config: { load: loadMailIngestConfig, token: MAIL_INGEST_CONFIG },
  schema: mailIngestSchema,
  outbox: true,
  // Readiness lists the raw-mail folder: its storage user may list no other.
  storage: { pingPrefix: RAW_MAIL_PREFIX, ready: true },
  controllers: [MailIngestController],
  providers: (config, logger) => [...mailIngestParts(config, logger), MailIngestRuntime],
  jobs: mailIngestJobs,
  // Messages in hand at once: parsing waits for one of PARSE_CONCURRENCY workers, so the
  // margin keeps mail-log requests from queueing behind a burst of mail.
  prefetch: 16,
});
