import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BillingPatterns, type Entitlement } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { type AuthConfig } from '../config/env.js';
import { UserEntity } from './user.entity.js';
import { AUTH_CONFIG } from '../tokens.js';

/**
 * Keeps the account's subscription fields (the read model behind has_active_subscription) in
 * step with billing. The event only names the account: billing's entitlement (the same answer
 * the gateway and mail-ingest ask for) is re-read, so events arriving twice or out of order
 * still end with billing's current truth. `subscription_period_end` keeps the moment access
 * ends if nothing changes (a cancelled period's end, the end of a past_due grace).
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
    const entitlement = await this.bus.send(
      BillingPatterns.entitlement,
      { userId },
      { requestId, userId },
    );
    await this.apply(userId, entitlement);
  }

  async apply(userId: string, entitlement: Entitlement): Promise<void> {
    await this.dataSource.getRepository(UserEntity).update(userId, {
      subscriptionStatus: entitlement.status,
      subscriptionPeriodEnd: entitlement.until ? new Date(entitlement.until) : null,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
