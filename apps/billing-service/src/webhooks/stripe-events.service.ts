import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StripeWebhookMessage, StripeWebhookResponse } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { BILLING_SCHEMA, type BillingConfig } from '../config/env.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { StripeProvider } from '../providers/stripe-provider.js';
import { BILLING_CONFIG, STRIPE_PROVIDER } from '../tokens.js';

/** The part of a Stripe event billing reads; the rest stays in `stripe_events.payload`. */
interface StripeEventBody {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Event types that change a subscription or finish a checkout; all others are only kept. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const;

/** After this many failed attempts an event waits for a human (last_error says why). */
export const MAX_ATTEMPTS = 25;

const asString = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0
    ? value
    : typeof value === 'object' &&
        value !== null &&
        typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : null;

/** The subscription an invoice belongs to (API 2025-03-31+: under parent.subscription_details). */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null;
  return (
    asString(parent?.subscription_details?.subscription) ?? asString(invoice.subscription) ?? null
  );
}

/**
 * Stripe webhooks, verified by the gateway: each event is stored (deduplicated on its id)
 * before the gateway answers 2xx, then processed. Processing never trusts the event's copy of
 * an object: it re-reads the checkout session or subscription from Stripe, so a late, older
 * event can never overwrite newer state, and any order of arrival ends in Stripe's truth.
 */
@Injectable()
export class StripeEventsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: string[] = [];
  private draining?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(STRIPE_PROVIDER) private readonly stripe: StripeProvider | null,
    @Inject(CheckoutService) private readonly checkouts: CheckoutService,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Stores the event (once); the gateway answers Stripe only after this returns. */
  async receive(message: StripeWebhookMessage): Promise<StripeWebhookResponse> {
    let event: StripeEventBody;
    try {
      event = JSON.parse(message.payload) as StripeEventBody;
    } catch {
      throw new BusError('VALIDATION_FAILED', 'The event is not valid JSON.');
    }
    if (
      event?.id !== message.id ||
      event.type !== message.type ||
      typeof event.created !== 'number' ||
      typeof event.data?.object !== 'object'
    ) {
      throw new BusError('VALIDATION_FAILED', 'The event does not match its id and type.');
    }
    const inserted: { id: string }[] = await this.dataSource.query(
      `INSERT INTO "${BILLING_SCHEMA}"."stripe_events" ("id", "type", "created", "payload")
       VALUES ($1, $2, $3, $4) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
      [event.id, event.type, event.created, message.payload],
    );
    // A redelivery of an event that is still pending gets another try now.
    this.kick(event.id);
    return { received: true, duplicate: inserted.length === 0 };
  }

  onApplicationBootstrap(): void {
    // Events stored but not processed (billing stopped, Stripe or auth-service down): retried.
    this.timer = setInterval(() => {
      void this.retryPending().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'stripe event retry failed'),
      );
    }, this.config.BILLING_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
  }

  /** Queues events for processing, one at a time in order of arrival. */
  kick(...ids: string[]): void {
    for (const id of ids) if (!this.queue.includes(id)) this.queue.push(id);
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  async retryPending(): Promise<void> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT "id" FROM "${BILLING_SCHEMA}"."stripe_events"
       WHERE "processed_at" IS NULL AND "attempts" < $1 AND "received_at" < now() - interval '2 seconds'
       ORDER BY "received_at" LIMIT 50`,
      [MAX_ATTEMPTS],
    );
    if (rows.length > 0) this.kick(...rows.map((row) => row.id));
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id && !this.stopped; id = this.queue.shift()) {
      await this.processOne(id);
    }
  }

  private async processOne(id: string): Promise<void> {
    const rows = await this.dataSource
      .query<{ payload: StripeEventBody }[]>(
        `SELECT "payload" FROM "${BILLING_SCHEMA}"."stripe_events"
         WHERE "id" = $1 AND "processed_at" IS NULL`,
        [id],
      )
      .catch((error: unknown) => {
        this.logger.warn({ err: error, eventId: id }, 'stripe event could not be read');
        return [] as { payload: StripeEventBody }[];
      });
    const event = rows[0]?.payload;
    if (!event) return;
    try {
      const outcome = await this.handle(event);
      await this.dataSource.query(
        `UPDATE "${BILLING_SCHEMA}"."stripe_events"
         SET "processed_at" = now(), "attempts" = "attempts" + 1, "last_error" = $2 WHERE "id" = $1`,
        [id, outcome],
      );
      this.logger.info({ eventId: id, type: event.type, outcome }, 'stripe event processed');
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, eventId: id, type: event.type }, 'stripe event failed');
      await this.dataSource
        .query(
          `UPDATE "${BILLING_SCHEMA}"."stripe_events"
           SET "attempts" = "attempts" + 1, "last_error" = $2 WHERE "id" = $1`,
          [id, text.slice(0, 1000)],
        )
        .catch(() => undefined);
    }
  }

  /** Applies one event; answers a note kept with it (null when it simply applied). */
  private async handle(event: StripeEventBody): Promise<string | null> {
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return 'ignored: type';
    const stripe = this.stripe;
    if (!stripe) throw new Error('the stripe provider is not configured');
    const object = event.data.object;
    const ctx = { requestId: `stripe-${event.id}` };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const sessionId = asString(object.id);
        const checkoutId = asString(object.client_reference_id);
        const row =
          (sessionId ? await this.checkouts.byProviderSession(sessionId) : undefined) ??
          (checkoutId && /^[0-9a-f-]{36}$/.test(checkoutId)
            ? await this.checkouts.byId(checkoutId)
            : undefined);
        if (!row || row.provider !== 'stripe') return 'ignored: not our checkout';
        return this.finishCheckout(row.id, ctx);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'invoice.payment_action_required': {
        const subscriptionId = invoiceSubscriptionId(object);
        if (!subscriptionId) return 'ignored: no subscription';
        return this.sync(stripe, subscriptionId, ctx);
      }
      default: {
        const subscriptionId = asString(object.id);
        if (!subscriptionId) return 'ignored: no subscription';
        return this.sync(stripe, subscriptionId, ctx);
      }
    }
  }

  /** The same path as the success page's verification: account, subscription, setup link. */
  private async finishCheckout(
    checkoutId: string,
    ctx: { requestId: string },
  ): Promise<string | null> {
    const row = await this.checkouts.byId(checkoutId);
    if (!row?.provider_session_id) return 'ignored: checkout not started';
    if (row.fulfilled_at) return null;
    const paid = await this.stripe?.paidCheckout(row.provider_session_id);
    if (!paid) return 'waiting: checkout not paid';
    await this.checkouts.markPaid(row.id, paid);
    await this.checkouts.fulfil({ ...row, state: 'paid' }, ctx);
    return null;
  }

  /** Copies Stripe's current subscription (re-read, never the event's copy) to its account. */
  private async sync(
    stripe: StripeProvider,
    subscriptionId: string,
    ctx: { requestId: string },
  ): Promise<string | null> {
    const current = await stripe.stripeSubscription(subscriptionId);
    if (!current) return 'ignored: unknown subscription';
    if (await this.subscriptions.update(current.subscription, ctx)) {
      this.subscriptions.published();
      return null;
    }
    // No account holds it yet: the invoice or subscription event came before the checkout's.
    if (current.checkoutId && /^[0-9a-f-]{36}$/.test(current.checkoutId)) {
      const row = await this.checkouts.byId(current.checkoutId);
      if (row?.provider === 'stripe') return this.finishCheckout(row.id, ctx);
    }
    return 'ignored: no account holds the subscription';
  }
}
