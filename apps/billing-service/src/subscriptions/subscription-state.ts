import {
  BillingPlan,
  type Entitlement,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@snaptrack/contracts';

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
  /** When the status became past_due (null otherwise, or before this was recorded). */
  past_due_since?: Date | null;
}

export interface AccessOptions {
  billingOff: boolean;
  now: Date;
  /** How long past_due keeps access (BILLING_PAST_DUE_GRACE_DAYS); unset: no limit. */
  pastDueGraceMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function graceMs(days: number): number {
  return days * DAY_MS;
}

/**
 * Whether the account may add receipts, and why: the one rule (billing's subscription is the
 * source of truth; the gateway and mail-ingest ask it). Active, past_due within its grace, or
 * cancelled with a paid period still running; everyone while billing is off.
 */
export function entitlementOf(
  row:
    | Pick<SubscriptionRow, 'status' | 'current_period_end' | 'cancel_at' | 'past_due_since'>
    | undefined,
  options: AccessOptions,
): Entitlement {
  const { now } = options;
  if (options.billingOff) {
    return { entitled: true, status: 'active', reason: 'billing_off', until: null };
  }
  if (!row || row.status === 'none') {
    return { entitled: false, status: 'none', reason: 'no_subscription', until: null };
  }
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  switch (row.status) {
    case 'active': {
      // A scheduled end the provider's clock has passed but no event has reported yet.
      if (row.cancel_at && row.cancel_at <= now) {
        return { entitled: false, status: row.status, reason: 'ended', until: iso(row.cancel_at) };
      }
      return { entitled: true, status: row.status, reason: 'active', until: iso(row.cancel_at) };
    }
    case 'past_due': {
      const since = row.past_due_since ?? now;
      const end =
        options.pastDueGraceMs === undefined
          ? null
          : new Date(since.getTime() + options.pastDueGraceMs);
      if (end && end <= now) {
        return { entitled: false, status: row.status, reason: 'past_due_expired', until: iso(end) };
      }
      return { entitled: true, status: row.status, reason: 'past_due_grace', until: iso(end) };
    }
    case 'canceled': {
      const end = row.current_period_end;
      if (end && end > now) {
        return {
          entitled: true,
          status: row.status,
          reason: 'paid_until_period_end',
          until: iso(end),
        };
      }
      return { entitled: false, status: row.status, reason: 'ended', until: iso(end) };
    }
  }
}

/** Access continues through past_due (within its grace) and until the end of a cancelled, paid period. */
export function hasAccess(
  row: Pick<SubscriptionRow, 'status' | 'current_period_end'> &
    Partial<Pick<SubscriptionRow, 'cancel_at' | 'past_due_since'>>,
  now: Date,
  pastDueGraceMs?: number,
) {
  return entitlementOf(
    { cancel_at: null, past_due_since: null, ...row },
    { billingOff: false, now, pastDueGraceMs },
  ).entitled;
}

/**
 * The subscription status the API shows (docs/api.md, Billing). BILLING=off: everyone is
 * subscribed.
 */
export function toSubscriptionState(
  row: SubscriptionRow | undefined,
  options: AccessOptions,
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
    has_subscription: entitlementOf(row, options).entitled,
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
