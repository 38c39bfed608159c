import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BillingPatterns, type SubscriptionState } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { AUTH_CONFIG, type AuthConfig } from '../config/env.js';
import { UserEntity } from './user.entity.js';

/**
 * Keeps the account's subscription fields (the read model behind has_active_subscription) in
 * step with billing. The event only names the account: the state is re-read from billing, so
 * events arriving twice or out of order still end with billing's current truth.
 */
@Injectable()
export class SubscriptionSyncService implements OnApplicationShutdown {
  private readonly bus: BusClient;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.bus = new BusClient({
      url: config.RABBITMQ_URL,
      prefix: config.RMQ_PREFIX,
      timeoutMs: config.RPC_TIMEOUT_MS,
    });
  }

  async refresh(userId: string, requestId: string): Promise<void> {
    const state = await this.bus.send(BillingPatterns.subscriptionOf, { userId }, { requestId });
    await this.apply(userId, state);
  }

  async apply(userId: string, state: SubscriptionState): Promise<void> {
    await this.dataSource.getRepository(UserEntity).update(userId, {
      subscriptionStatus: state.status,
      subscriptionPeriodEnd: state.current_period_end ? new Date(state.current_period_end) : null,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
