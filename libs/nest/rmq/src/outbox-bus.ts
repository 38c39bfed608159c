import {
  Inject,
  Injectable,
  type InjectionToken,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createLogger, type Logger } from '@snaptrack/nest-logging';
import { BusClient } from './bus-client.js';
import { OutboxRelay } from './outbox.js';
import { OutboxPruner } from './outbox-pruner.js';

/** The part of every service's config (libs/nest/config's common env) that the bus needs. */
export interface BusConfig {
  RABBITMQ_URL: string;
  RMQ_PREFIX: string;
  RPC_TIMEOUT_MS: number;
  OUTBOX_RETENTION_HOURS: number;
  INBOX_RETENTION_HOURS: number;
  /** The relay's backstop pass (libs/nest/config's common env); 1 s when absent. */
  OUTBOX_POLL_MS?: number;
  LOG_LEVEL: Parameters<typeof createLogger>[1];
}

export interface OutboxBusOptions {
  /** The service's schema, which holds its `outbox` table. */
  schema: string;
  config: BusConfig;
  logger: Logger;
}

export const OUTBOX_BUS_OPTIONS = Symbol('OUTBOX_BUS_OPTIONS');

/**
 * A service's bus client (its requests to other services) and the relay that publishes its
 * outbox, from application start to shutdown. One per service, injected as `OutboxBus`.
 */
@Injectable()
export class OutboxBus implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly client: BusClient;
  /** Deletes old outbox and inbox rows: a periodic job the service kit's scheduler runs. */
  readonly pruner: OutboxPruner;
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(OUTBOX_BUS_OPTIONS) { schema, config, logger }: OutboxBusOptions,
  ) {
    this.client = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
    this.relay = new OutboxRelay(dataSource, schema, this.client, logger, config.OUTBOX_POLL_MS);
    this.pruner = new OutboxPruner(dataSource, schema, outboxRetention(config), logger);
  }

  /** Publish now rather than at the next tick: an event was just committed. */
  kick(): void {
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

/**
 * The providers of a service's `OutboxBus`: its schema, the token of its config and, if it has
 * one, of its logger (otherwise one named `{schema}-outbox`).
 */
export function outboxBusProviders(
  schema: string,
  configToken: InjectionToken,
  loggerToken?: InjectionToken,
): Provider[] {
  return [
    {
      provide: OUTBOX_BUS_OPTIONS,
      inject: loggerToken ? [configToken, loggerToken] : [configToken],
      useFactory: (config: BusConfig, logger?: Logger): OutboxBusOptions => ({
        schema,
        config,
        logger: logger ?? createLogger(`${schema}-outbox`, config.LOG_LEVEL),
      }),
    },
    OutboxBus,
  ];
}

/** The retention settings of a service's config, for its OutboxPruner. */
export function outboxRetention(config: {
  OUTBOX_RETENTION_HOURS: number;
  INBOX_RETENTION_HOURS: number;
}) {
  return { outboxHours: config.OUTBOX_RETENTION_HOURS, inboxHours: config.INBOX_RETENTION_HOURS };
}
