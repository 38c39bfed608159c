import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Entitlement, MessageContext, SubscriptionState } from '@snaptrack/contracts';
import { enqueueEvent, OutboxBus } from '@snaptrack/nest-rmq';
import { BILLING_SCHEMA, type BillingConfig } from '../config/env.js';
import { updateReturning } from '../common/sql.js';
import type { ProviderSubscription } from '../providers/billing-provider.js';
import {
  entitlementOf,
  graceMs,
  toSubscriptionState,
  type AccessOptions,
  type SubscriptionRow,
} from './subscription-state.js';
import { BILLING_CONFIG } from '../tokens.js';
import { BillingEventPatterns } from '@snaptrack/contracts';

const COLUMNS = `"user_id", "email", "provider", "customer_id", "subscription_id", "status",
  "current_period_end", "cancel_at"`;
const READ_COLUMNS = `${COLUMNS}, "past_due_since"`;
/** Keeps the first moment of a past_due spell (its grace runs from there); cleared otherwise. */
const PAST_DUE_SINCE = (status: string, table: string) =>
  `CASE WHEN ${status} = 'past_due' THEN coalesce(${table}."past_due_since", now()) END`;

/** The subscription of each account, and the event that tells auth it changed. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(OutboxBus) private readonly bus: OutboxBus,
  ) {}

  async stateOf(userId: string): Promise<SubscriptionState> {
    return toSubscriptionState(await this.find(userId), this.accessOptions());
  }

  /** May the account add receipts? The one answer the gateway and mail-ingest ask for. */
  async entitlement(userId: string): Promise<Entitlement> {
    if (this.config.BILLING === 'off') return entitlementOf(undefined, this.accessOptions());
    return entitlementOf(await this.find(userId), this.accessOptions());
  }

  private accessOptions(): AccessOptions {
    return {
      billingOff: this.config.BILLING === 'off',
      now: new Date(),
      pastDueGraceMs: graceMs(this.config.BILLING_PAST_DUE_GRACE_DAYS),
    };
  }

  async find(userId: string, manager: EntityManager = this.dataSource.manager) {
    const rows: SubscriptionRow[] = await manager.query(
      `SELECT ${READ_COLUMNS} FROM "${BILLING_SCHEMA}"."subscriptions" WHERE "user_id" = $1`,
      [userId],
    );
    return rows[0];
  }

  async findBySubscriptionId(subscriptionId: string) {
    const rows: SubscriptionRow[] = await this.dataSource.query(
      `SELECT ${READ_COLUMNS} FROM "${BILLING_SCHEMA}"."subscriptions" WHERE "subscription_id" = $1`,
      [subscriptionId],
    );
    return rows[0];
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
      `INSERT INTO "${BILLING_SCHEMA}"."subscriptions" AS s (${COLUMNS}, "past_due_since")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $6 = 'past_due' THEN now() END)
       ON CONFLICT ("user_id") DO UPDATE SET "email" = EXCLUDED."email",
         "past_due_since" = ${PAST_DUE_SINCE('EXCLUDED."status"', 's')},
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
        `UPDATE "${BILLING_SCHEMA}"."subscriptions" AS s SET "status" = $2,
           "current_period_end" = $3, "cancel_at" = $4, "updated_at" = now(),
           "past_due_since" = ${PAST_DUE_SINCE('$2::text', 's')}
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
      BillingEventPatterns.subscriptionChanged,
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
