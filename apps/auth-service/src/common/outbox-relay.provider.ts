import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusClient, OutboxRelay } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import { AUTH_CONFIG, AUTH_SCHEMA, type AuthConfig } from '../config/env.js';
import { AUTH_LOGGER } from './logger.js';

/** Publishes auth's outbox (auth.user.created.v1) from start to shutdown. */
@Injectable()
export class AuthOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly bus: BusClient;
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(AUTH_CONFIG) config: AuthConfig,
    @Inject(AUTH_LOGGER) logger: Logger,
  ) {
    this.bus = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
    this.relay = new OutboxRelay(dataSource, AUTH_SCHEMA, this.bus, logger);
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.bus.close();
  }
}
