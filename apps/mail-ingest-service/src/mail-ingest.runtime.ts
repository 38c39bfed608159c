import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusClient, OutboxPruner, OutboxRelay, outboxRetention } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { MAIL_SCHEMA, type MailIngestConfig } from './config/env.js';
import { SmtpListener } from './smtp/smtp-listener.js';
import { RawMailSweeper } from './retention/raw-mail-sweeper.js';
import { MAIL_INGEST_CONFIG } from './tokens.js';

/**
 * What runs beside the message consumer: the outbox relay (accepted mail → parse events) and
 * the SMTP listener. On shutdown the listener closes first, so no new mail is accepted while
 * the relay publishes what is left.
 */
@Injectable()
export class MailIngestRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly relay: OutboxRelay;
  private readonly pruner: OutboxPruner;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(SmtpListener) private readonly smtp: SmtpListener,
    @Inject(RawMailSweeper) private readonly sweeper: RawMailSweeper,
    @Inject(MAIL_INGEST_CONFIG) private readonly config: MailIngestConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.relay = new OutboxRelay(dataSource, MAIL_SCHEMA, bus, logger);
    this.pruner = new OutboxPruner(dataSource, MAIL_SCHEMA, outboxRetention(config), logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.relay.start();
    this.pruner.start();
    this.sweeper.start();
    const port = await this.smtp.listen();
    this.logger.info({ port }, `SMTP listening on port ${port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.smtp.close();
    await this.sweeper.stop();
    await this.pruner.stop();
    await this.relay.stop();
    await this.bus.close();
  }
}
