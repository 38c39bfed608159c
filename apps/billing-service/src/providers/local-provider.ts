import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BILLING_SCHEMA } from '../config/env.js';
import { addMonth, type SubscriptionRow } from '../subscriptions/subscription-state.js';
import type {
  BillingProvider,
  CheckoutInput,
  PaidCheckout,
  ProviderCheckout,
  ProviderSubscription,
} from './billing-provider.js';

/** An unguessable id: the success URL carries it, and it can sign the mobile app in once. */
export function localId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

export const PORTAL_TTL_MS = 60 * 60_000;

/**
 * The `local` provider: our own checkout and portal pages (served by the gateway) stand in for
 * Stripe's, so the whole signup runs offline. Its truth is billing's own tables.
 */
export class LocalProvider implements BillingProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly dataSource: DataSource,
    private readonly appUrl: string,
  ) {}

  createCheckout(_input: CheckoutInput): Promise<ProviderCheckout> {
    const providerSessionId = localId('lcs');
    return Promise.resolve({
      providerSessionId,
      url: `${this.appUrl}/api/billing/local/checkout/${providerSessionId}`,
    });
  }

  async paidCheckout(providerSessionId: string): Promise<PaidCheckout | null> {
    const rows: { id: string; paid_at: Date }[] = await this.dataSource.query(
      `SELECT "id", "paid_at" FROM "${BILLING_SCHEMA}"."checkouts"
       WHERE "provider" = 'local' AND "provider_session_id" = $1 AND "state" = 'paid'`,
      [providerSessionId],
    );
    const row = rows[0];
    if (!row) return null;
    const customerId = `lcus_${row.id}`;
    return {
      customerId,
      subscription: {
        id: `lsub_${row.id}`,
        customerId,
        status: 'active',
        currentPeriodEnd: addMonth(row.paid_at),
        cancelAt: null,
      },
    };
  }

  async subscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    const rows: SubscriptionRow[] = await this.dataSource.query(
      `SELECT "customer_id", "status", "current_period_end", "cancel_at"
       FROM "${BILLING_SCHEMA}"."subscriptions" WHERE "subscription_id" = $1`,
      [subscriptionId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: subscriptionId,
      customerId: row.customer_id,
      status: row.status,
      currentPeriodEnd: row.current_period_end,
      cancelAt: row.cancel_at,
    };
  }

  async createPortal(input: { userId: string; returnUrl: string }): Promise<string> {
    const id = localId('lps');
    await this.dataSource.query(
      `INSERT INTO "${BILLING_SCHEMA}"."portal_sessions" ("id", "user_id", "return_url", "expires_at")
       VALUES ($1, $2, $3, $4)`,
      [id, input.userId, input.returnUrl, new Date(Date.now() + PORTAL_TTL_MS)],
    );
    return `${this.appUrl}/api/billing/local/portal/${id}`;
  }
}
