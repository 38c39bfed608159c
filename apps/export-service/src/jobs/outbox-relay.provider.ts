import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusClient, OutboxRelay } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { EXPORT_CONFIG, EXPORT_LOGGER, EXPORT_SCHEMA, type ExportConfig } from '../config/env.js';

/**
 * The service's bus client (requests to expenses) and the relay of its outbox
 * (export.pdf-job.requested.v1), from start to shutdown.
 */
@Injectable()
export class ExportOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly bus: BusClient;
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EXPORT_CONFIG) config: ExportConfig,
    @Inject(EXPORT_LOGGER) logger: Logger,
  ) {
    this.bus = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
    this.relay = new OutboxRelay(dataSource, EXPORT_SCHEMA, this.bus, logger);
  }

  kick(): void {
    this.relay.kick();
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.bus.close();
  }
}
