import type { Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OBJECT_STORAGE } from '@snaptrack/nest-config';
import type { Logger } from '@snaptrack/nest-logging';
import { OutboxBus } from '@snaptrack/nest-rmq';
import type { ObjectStorage } from '@snaptrack/storage';
import type { MailIngestConfig } from './config/env.js';
import { MailIntake } from './intake/mail-intake.js';
import { MailLog } from './log/mail-log.service.js';
import { MailProcessor } from './processing/mail-processor.js';
import { MailRetrySweeper } from './processing/mail-retry-sweeper.js';
import { RawMailRetention } from './retention/raw-mail-retention.js';
import { RawMailSweeper } from './retention/raw-mail-sweeper.js';
import { HeldMail } from './senders/held-mail.js';
import { SenderRules } from './senders/sender-rules.js';
import { RecipientAdmission } from './smtp/recipient-admission.js';
import { RecipientDirectory } from './smtp/recipient-directory.js';
import { SmtpListener } from './smtp/smtp-listener.js';

/** mail-ingest's parts, made by hand from its config and logger (they are plain classes). */
export function mailIngestParts(config: MailIngestConfig, logger: Logger): Provider[] {
  return [
    {
      provide: SmtpListener,
      inject: [DataSource, OutboxBus, OBJECT_STORAGE],
      useFactory: (dataSource: DataSource, { client }: OutboxBus, storage: ObjectStorage) =>
        new SmtpListener(
          config,
          new RecipientDirectory(client, config.RECIPIENT_CACHE_MS),
          new RecipientAdmission(client, dataSource, {
            entitlementCacheMs: config.ENTITLEMENT_CACHE_MS,
            mailsPerHour: config.MAILS_PER_HOUR,
          }),
          new MailIntake(dataSource, storage),
          logger,
        ),
    },
    {
      provide: RawMailRetention,
      inject: [DataSource, OBJECT_STORAGE],
      useFactory: (dataSource: DataSource, storage: ObjectStorage) =>
        new RawMailRetention(dataSource, storage, logger),
    },
    {
      provide: SenderRules,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new SenderRules(dataSource, config),
    },
    {
      provide: HeldMail,
      inject: [DataSource, MailLog, RawMailRetention],
      useFactory: (dataSource: DataSource, log: MailLog, retention: RawMailRetention) =>
        new HeldMail(dataSource, log, retention, config, logger),
    },
    {
      provide: MailProcessor,
      inject: [DataSource, OutboxBus, RawMailRetention, SenderRules, OBJECT_STORAGE],
      useFactory: (
        dataSource: DataSource,
        { client }: OutboxBus,
        retention: RawMailRetention,
        senders: SenderRules,
        storage: ObjectStorage,
      ) => new MailProcessor(dataSource, storage, client, config, logger, retention, senders),
    },
    {
      provide: MailLog,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new MailLog(dataSource),
    },
  ];
}

/** Its periodic jobs: orphaned raw mail, and mail waiting for a retry. */
export function mailIngestJobs(config: MailIngestConfig, logger: Logger): Provider[] {
  return [
    {
      provide: RawMailSweeper,
      inject: [DataSource, OBJECT_STORAGE],
      useFactory: (dataSource: DataSource, storage: ObjectStorage) =>
        new RawMailSweeper(dataSource, storage, config, logger),
    },
    {
      provide: MailRetrySweeper,
      inject: [DataSource, HeldMail],
      useFactory: (dataSource: DataSource, held: HeldMail) =>
        new MailRetrySweeper(dataSource, config, logger, held),
    },
  ];
}
