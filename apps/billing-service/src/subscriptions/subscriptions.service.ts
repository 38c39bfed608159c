import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessageContext, SubscriptionState } from '@snaptrack/contracts';
import { enqueueEvent, OutboxBus } from '@snaptrack/nest-rmq';
import { BILLING_CONFIG, BILLING_SCHEMA, type BillingConfig } from '../config/env.js';
import { updateReturning } from '../common/sql.js';
import type { ProviderSubscription } from '../providers/billing-provider.js';
import { toSubscriptionState, type SubscriptionRow } from './subscription-state.js';

const COLUMNS = `"user_id", "email", "provider", "customer_id", "subscription_id", "status",
  "current_period_end", "cancel_at"`;

/** The subscription of each account, and the event that tells auth it changed. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(OutboxBus) private readonly bus: OutboxBus,
  ) {}

  async stateOf(userId: string): Promise<SubscriptionState> {
    return toSubscriptionState(await this.find(userId), {
      billingOff: this.config.BILLING === 'off',
      now: new Date(),
    });
  }

  async find(userId: string, manager: EntityManager = this.dataSource.manager) {
    const rows: SubscriptionRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM "${BILLING_SCHEMA}"."subscriptions" WHERE "user_id" = $1`,
      [userId],
    );
    return rows[0];
  }

  async findBySubscriptionId(subscriptionId: string) {
    const rows: SubscriptionRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "${BILLING_SCHEMA}"."subscriptions" WHERE "subscription_id" = $1`,
      [subscriptionId],
    );
    return rows[0];
  }

  /** Any account holding an active subscription under this address. */
  async activeForEmail(email: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "${BILLING_SCHEMA}"."subscriptions"
       WHERE "email" = $1 AND "status" IN ('active', 'past_due') LIMIT 1`,
      [email],
    );
    return rows.length > 0;
  }

  /**
   * Stores the provider's current subscription for the account (a newer checkout replaces an
   * older subscription) and queues the change event in the same transaction.
   */
  async save(
    manager: EntityManager,
    account: { userId: string; email: string; provider: 'local' | 'stripe' },
    subscription: ProviderSubscription,
    ctx: Pick<MessageContext, 'requestId'>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "${BILLING_SCHEMA}"."subscriptions" (${COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("user_id") DO UPDATE SET "email" = EXCLUDED."email",
         "provider" = EXCLUDED."provider", "customer_id" = EXCLUDED."customer_id",
         "subscription_id" = EXCLUDED."subscription_id", "status" = EXCLUDED."status",
         "current_period_end" = EXCLUDED."current_period_end", "cancel_at" = EXCLUDED."cancel_at",
         "updated_at" = now()`,
      [
        account.userId,
        account.email,
        account.provider,
        subscription.customerId,
        subscription.id,
        subscription.status,
        subscription.currentPeriodEnd,
        subscription.cancelAt,
      ],
    );
    await this.changed(manager, account.userId, ctx);
  }

  /** Updates the state of a known subscription; false when no account holds it (yet). */
  async update(subscription: ProviderSubscription, ctx: Pick<MessageContext, 'requestId'>) {
    return this.dataSource.transaction(async (manager) => {
      const rows = await updateReturning<{ user_id: string }>(
        manager,
        `UPDATE "${BILLING_SCHEMA}"."subscriptions" SET "status" = $2, "current_period_end" = $3,
           "cancel_at" = $4, "updated_at" = now()
         WHERE "subscription_id" = $1 RETURNING "user_id"`,
        [
          subscription.id,
          subscription.status,
          subscription.currentPeriodEnd,
          subscription.cancelAt,
        ],
      );
      const row = rows[0];
      if (!row) return false;
      await this.changed(manager, row.user_id, ctx);
      return true;
    });
  }

  async changed(
    manager: EntityManager,
    userId: string,
    ctx: Pick<MessageContext, 'requestId'>,
  ): Promise<void> {
    await enqueueEvent(
      manager,
      BILLING_SCHEMA,
      'billing.subscription.changed.v1',
      { userId },
      {
        requestId: ctx.requestId,
        userId,
      },
    );
  }

  /** After commit: publish now. */
  published(): void {
    this.bus.kick();
  }
}
