import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusClient, OutboxRelay } from '@snaptrack/nest-rmq';
import { createLogger } from '@snaptrack/nest-logging';
import { OCR_CONFIG, OCR_SCHEMA, type OcrConfig } from '../config/env.js';

/** Publishes ocr's outbox (the readings for expenses) from start to shutdown. */
@Injectable()
export class OcrOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly bus: BusClient;
  private readonly relay: OutboxRelay;

  constructor(@Inject(DataSource) dataSource: DataSource, @Inject(OCR_CONFIG) config: OcrConfig) {
    this.bus = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
    const logger = createLogger('ocr-outbox', config.LOG_LEVEL);
    this.relay = new OutboxRelay(dataSource, OCR_SCHEMA, this.bus, logger);
  }

  /** Publish now: a reading was just committed. */
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
