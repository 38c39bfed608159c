import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseModule } from '@snaptrack/nest-database';
import { OBJECT_STORAGE, storageOptions } from '@snaptrack/nest-config';
import { createPingController, OutboxBus, outboxBusProviders } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { createObjectStorage } from '@snaptrack/storage';
import { MAIL_SCHEMA, type MailIngestConfig } from './config/env.js';
import { mailIngestEntities, mailIngestMigrations } from './database/data-source.js';
import { MailIntake } from './intake/mail-intake.js';
import { MailLog } from './log/mail-log.service.js';
import { MailIngestController } from './mail-ingest.controller.js';
import { MailIngestRuntime } from './mail-ingest.runtime.js';
import { MailProcessor } from './processing/mail-processor.js';
import { RecipientDirectory } from './smtp/recipient-directory.js';
import { RecipientAdmission } from './smtp/recipient-admission.js';
import { RawMailRetention } from './retention/raw-mail-retention.js';
import { RAW_MAIL_PREFIX, RawMailSweeper } from './retention/raw-mail-sweeper.js';
import { MailRetrySweeper } from './processing/mail-retry-sweeper.js';
import { SenderRules } from './senders/sender-rules.js';
import { HeldMail } from './senders/held-mail.js';
import { SmtpListener } from './smtp/smtp-listener.js';
import { MAIL_INGEST_CONFIG } from './tokens.js';

@Module({})
export class MailIngestModule {
  static register(config: MailIngestConfig, logger: Logger): DynamicModule {
    // Readiness lists the raw-mail folder: its storage user may list no other.
    const storage = createObjectStorage(storageOptions(config, RAW_MAIL_PREFIX));
    return {
      module: MailIngestModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: MAIL_SCHEMA,
          entities: mailIngestEntities,
          migrations: mailIngestMigrations,
        }),
      ],
      controllers: [createPingController('mail-ingest'), MailIngestController],
      providers: [
        { provide: MAIL_INGEST_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: OBJECT_STORAGE, useValue: storage },
        ...outboxBusProviders(MAIL_SCHEMA, MAIL_INGEST_CONFIG, LOGGER),
        {
          provide: SmtpListener,
          inject: [DataSource, OutboxBus],
          useFactory: (dataSource: DataSource, { client }: OutboxBus) =>
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
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new RawMailRetention(dataSource, storage, logger),
        },
        {
          provide: RawMailSweeper,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) =>
            new RawMailSweeper(dataSource, storage, config, logger),
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
          provide: MailRetrySweeper,
          inject: [DataSource, HeldMail],
          useFactory: (dataSource: DataSource, held: HeldMail) =>
            new MailRetrySweeper(dataSource, config, logger, held),
        },
        {
          provide: MailProcessor,
          inject: [DataSource, OutboxBus, RawMailRetention, SenderRules],
          useFactory: (
            dataSource: DataSource,
            { client }: OutboxBus,
            retention: RawMailRetention,
            senders: SenderRules,
          ) => new MailProcessor(dataSource, storage, client, config, logger, retention, senders),
        },
        {
          provide: MailLog,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new MailLog(dataSource),
        },
        MailIngestRuntime,
      ],
    };
  }
}
