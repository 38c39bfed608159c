import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eventually } from './eventually.js';

/** A client on the run's database (test-accounts.ts has its own; importing it would cycle). */
async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.SNAPTRACK_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestSubscription {
  status?: 'active' | 'past_due' | 'canceled';
  /** Default: 30 days from now. */
  periodEnd?: Date;
  cancelAt?: Date | null;
  /** For past_due: when the payment first failed (its grace runs from here). Default: now. */
  pastDueSince?: Date;
}

/**
 * Gives an account a subscription the way billing-service's local provider does after a paid
 * checkout: its row in billing.subscriptions (the one source of truth for entitlement) and
 * `billing.subscription.changed.v1` in billing's outbox, in one transaction. Waits until
 * auth-service's read model (the profile's has_active_subscription) has applied the event.
 */
export async function subscribeInBilling(
  account: { userId: string; email: string },
  subscription: TestSubscription = {},
): Promise<void> {
  const status = subscription.status ?? 'active';
  const periodEnd = subscription.periodEnd ?? new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const pastDueSince = status === 'past_due' ? (subscription.pastDueSince ?? new Date()) : null;
  const messageId = randomUUID();
  await withDatabase(async (client) => {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "billing"."subscriptions" ("user_id", "email", "provider", "customer_id",
         "subscription_id", "status", "current_period_end", "cancel_at", "past_due_since")
       VALUES ($1, $2, 'local', $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("user_id") DO UPDATE SET "status" = EXCLUDED."status",
         "current_period_end" = EXCLUDED."current_period_end", "cancel_at" = EXCLUDED."cancel_at",
         "past_due_since" = EXCLUDED."past_due_since", "updated_at" = now()`,
      [
        account.userId,
        account.email,
        `cus_local_${account.userId.slice(0, 8)}`,
        `sub_local_${randomUUID()}`,
        status,
        periodEnd,
        subscription.cancelAt ?? null,
        pastDueSince,
      ],
    );
    await client.query(
      `INSERT INTO "billing"."outbox" ("id", "pattern", "destination", "payload")
       VALUES ($1, 'billing.subscription.changed.v1', 'auth', $2)`,
      [
        messageId,
        JSON.stringify({
          ctx: { requestId: `test-${messageId}`, userId: account.userId, messageId },
          data: { userId: account.userId },
        }),
      ],
    );
    await client.query('COMMIT');
  });
  await waitForAuthSubscription({ userId: account.userId }, status);
}

/**
 * auth-service has consumed billing's change event: its copy of the account's subscription
 * shows `status` (billing's relay publishes within a second; a busy machine takes longer).
 */
export async function waitForAuthSubscription(
  account: { userId: string } | { email: string },
  status: string,
): Promise<void> {
  const [column, value] = 'userId' in account ? ['id', account.userId] : ['email', account.email];
  await eventually(
    () =>
      withDatabase(
        async (client) =>
          (
            await client.query<{ status: string }>(
              `SELECT "subscription_status" AS "status" FROM "auth"."users" WHERE "${column}" = $1`,
              [value],
            )
          ).rows[0]?.status,
      ),
    (shown) => shown === status,
    { what: `auth to show subscription ${status} for ${value}`, intervalMs: 100 },
  );
}
