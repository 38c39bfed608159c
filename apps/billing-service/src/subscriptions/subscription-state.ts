import { BillingPlan, type SubscriptionState, type SubscriptionStatus } from '@snaptrack/contracts';

/** A row of billing.subscriptions as SQL returns it. */
export interface SubscriptionRow {
  user_id: string;
  email: string;
  provider: 'local' | 'stripe';
  customer_id: string;
  subscription_id: string;
  status: SubscriptionStatus;
  current_period_end: Date | null;
  cancel_at: Date | null;
}

/** Access continues through past_due and until the end of a cancelled, paid period. */
export function hasAccess(row: Pick<SubscriptionRow, 'status' | 'current_period_end'>, now: Date) {
  if (row.status === 'active' || row.status === 'past_due') return true;
  return row.status === 'canceled' && !!row.current_period_end && row.current_period_end > now;
}

/** Spec section 3, "Subscription status". BILLING=off: everyone is subscribed. */
export function toSubscriptionState(
  row: SubscriptionRow | undefined,
  options: { billingOff: boolean; now: Date },
): SubscriptionState {
  if (options.billingOff) {
    return {
      has_subscription: true,
      status: 'active',
      plan: BillingPlan.name,
      current_period_end: null,
      cancel_at: null,
    };
  }
  if (!row) {
    return {
      has_subscription: false,
      status: 'none',
      plan: null,
      current_period_end: null,
      cancel_at: null,
    };
  }
  return {
    has_subscription: hasAccess(row, options.now),
    status: row.status,
    plan: BillingPlan.name,
    current_period_end: row.current_period_end?.toISOString() ?? null,
    cancel_at: row.cancel_at?.toISOString() ?? null,
  };
}

/** One calendar month later (Jan 31 → Feb 28/29), as a monthly plan renews. */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}
