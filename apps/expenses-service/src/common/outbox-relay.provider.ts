import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusClient, OutboxRelay } from '@snaptrack/nest-rmq';
import { createLogger } from '@snaptrack/nest-logging';
import { EXPENSES_CONFIG, EXPENSES_SCHEMA, type ExpensesConfig } from '../config/env.js';

/** Publishes expenses' outbox (the receipt jobs for ocr) from start to shutdown. */
@Injectable()
export class ExpensesOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly bus: BusClient;
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EXPENSES_CONFIG) config: ExpensesConfig,
  ) {
    this.bus = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
    const logger = createLogger('expenses-outbox', config.LOG_LEVEL);
    this.relay = new OutboxRelay(dataSource, EXPENSES_SCHEMA, this.bus, logger);
  }

  /** Publish now: a job was just committed. */
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
