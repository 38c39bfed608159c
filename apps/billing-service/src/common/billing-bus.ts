import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusClient, OutboxRelay } from '@snaptrack/nest-rmq';
import type { Logger } from '@snaptrack/nest-logging';
import {
  BILLING_CONFIG,
  BILLING_LOGGER,
  BILLING_SCHEMA,
  type BillingConfig,
} from '../config/env.js';

/**
 * Billing's connection to the bus: requests to auth-service (password setup, mobile sign-in)
 * and the relay that publishes the outbox (billing.subscription.changed.v1).
 */
@Injectable()
export class BillingBus implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly client: BusClient;
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(BILLING_CONFIG) config: BillingConfig,
    @Inject(BILLING_LOGGER) logger: Logger,
  ) {
    this.client = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
    this.relay = new OutboxRelay(dataSource, BILLING_SCHEMA, this.client, logger);
  }

  /** Publish committed events now rather than at the next tick. */
  published(): void {
    this.relay.kick();
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.client.close();
  }
}
