import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import type { PeriodicJob } from '@snaptrack/nest-rmq';
import { BILLING_SCHEMA, type BillingConfig } from '../config/env.js';
import { updateReturning } from '../common/sql.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { BILLING_CONFIG } from '../tokens.js';

/**
 * Time-driven billing work: local subscriptions end at their scheduled cancellation or renew
 * at their period end (the local provider stands in for Stripe's clock), and paid checkouts
 * whose fulfilment failed (auth-service was down) are finished.
 */
@Injectable()
export class BillingSweeper implements PeriodicJob {
  readonly name = 'billing sweep';
  readonly everyMs: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(CheckoutService) private readonly checkouts: CheckoutService,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.everyMs = config.BILLING_SWEEP_INTERVAL_MS;
  }

  run(): Promise<void> {
    return this.sweep();
  }

  async sweep(): Promise<void> {
    const ctx = { requestId: 'billing-sweep' };
    const changed = await this.dataSource.transaction(async (manager) => {
      const ended = await updateReturning<{ user_id: string }>(
        manager,
        `UPDATE "${BILLING_SCHEMA}"."subscriptions" SET "status" = 'canceled',
           "past_due_since" = NULL, "updated_at" = now()
         WHERE "provider" = 'local' AND "status" IN ('active', 'past_due') AND "cancel_at" <= now()
         RETURNING "user_id"`,
        [],
      );
      const renewed = await updateReturning<{ user_id: string }>(
        manager,
        `UPDATE "${BILLING_SCHEMA}"."subscriptions"
         SET "current_period_end" = "current_period_end" + interval '1 month', "updated_at" = now()
         WHERE "provider" = 'local' AND "status" = 'active' AND "cancel_at" IS NULL
           AND "current_period_end" <= now()
         RETURNING "user_id"`,
        [],
      );
      for (const row of [...ended, ...renewed]) {
        await this.subscriptions.changed(manager, row.user_id, ctx);
      }
      return ended.length + renewed.length;
    });
    if (changed > 0) this.subscriptions.published();
    for (const row of await this.checkouts.unfulfilled()) {
      await this.checkouts.fulfil(row, ctx).catch((error: unknown) => {
        this.logger.warn({ err: error, checkoutId: row.id }, 'fulfilment still failing');
      });
    }
  }
}
