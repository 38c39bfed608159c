import type { DataSource } from 'typeorm';
import { DemoAccount, demoPeriodEnd, BillingEventPatterns } from '@snaptrack/contracts';
import { enqueueEvent } from '@snaptrack/nest-rmq';
import { BILLING_SCHEMA } from '../config/env.js';

/**
 * The demo account's subscription (docs/architecture.md, Decisions: the demo is subscribed): a renewing one of the
 * local provider, the same kind a local checkout makes, so the status route, the entitlement
 * and auth's read model (fed by the change event queued here) all say the same. Re-running
 * renews it: a local run always has a subscribed demo.
 */
export async function seedDemoSubscription(dataSource: DataSource): Promise<'created' | 'renewed'> {
  return dataSource.transaction(async (manager) => {
    const rows: { created: boolean }[] = await manager.query(
      `INSERT INTO "${BILLING_SCHEMA}"."subscriptions"
         ("user_id", "email", "provider", "customer_id", "subscription_id", "status",
          "current_period_end", "cancel_at")
       VALUES ($1, $2, 'local', $3, $4, 'active', $5, NULL)
       ON CONFLICT ("user_id") DO UPDATE SET "status" = 'active', "cancel_at" = NULL,
         "past_due_since" = NULL,
         "current_period_end" = greatest("subscriptions"."current_period_end", EXCLUDED."current_period_end"),
         "updated_at" = now()
       RETURNING (xmax = 0) AS "created"`,
      [
        DemoAccount.id,
        DemoAccount.email,
        DemoAccount.subscription.customerId,
        DemoAccount.subscription.subscriptionId,
        demoPeriodEnd(),
      ],
    );
    await enqueueEvent(
      manager,
      BILLING_SCHEMA,
      BillingEventPatterns.subscriptionChanged,
      { userId: DemoAccount.id },
      { requestId: 'seed', userId: DemoAccount.id },
    );
    return rows[0]?.created ? 'created' : 'renewed';
  });
}
