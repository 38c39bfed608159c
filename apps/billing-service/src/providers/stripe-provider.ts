import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { SubscriptionStatus } from '@snaptrack/contracts';
import type { BillingConfig } from '../config/env.js';
import type {
  BillingProvider,
  CheckoutInput,
  PaidCheckout,
  ProviderCheckout,
  ProviderSubscription,
} from './billing-provider.js';

/** The API version this code is written against (stripe-node 23's own); create the webhook
 * endpoint with the same version so event payloads have the same shape. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * The Stripe client. `STRIPE_API_BASE` points it elsewhere (tests: a loopback server that
 * answers the few endpoints we call), through stripe-node's own host/port/protocol options.
 */
export function createStripeClient(
  config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  const http = base?.protocol === 'http:';
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    apiVersion: STRIPE_API_VERSION,
    // Retries reuse the request's idempotency key, so a retried create never doubles.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (http ? 80 : 443),
          protocol: http ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

/** Stripe's subscription statuses, in the four the product knows (docs/api.md, Billing). */
export function toStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    case 'incomplete':
      return 'none';
    default:
      return 'none';
  }
}

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe Subscription as billing stores it: the period end lives on its items. */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  const currentPeriodEnd = fromUnix(ends.length > 0 ? Math.max(...ends) : null);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: toStatus(subscription.status),
    currentPeriodEnd,
    cancelAt:
      fromUnix(subscription.cancel_at) ??
      (subscription.cancel_at_period_end ? currentPeriodEnd : null),
  };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

/**
 * The `stripe` provider: Checkout Session in subscription mode for the monthly price, the
 * Billing Portal, and the subscription re-read from Stripe whenever an event arrives.
 */
export class StripeProvider implements BillingProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly priceId: string,
  ) {}

  async createCheckout(input: CheckoutInput): Promise<ProviderCheckout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price: this.priceId, quantity: 1 }],
        client_reference_id: input.checkoutId,
        customer_email: input.email,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { checkout_id: input.checkoutId },
        // Lets an invoice or subscription event find its checkout before the session event.
        subscription_data: { metadata: { checkout_id: input.checkoutId } },
      },
      { idempotencyKey: `checkout:${input.checkoutId}` },
    );
    if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
    return { providerSessionId: session.id, url: session.url };
  }

  async paidCheckout(providerSessionId: string): Promise<PaidCheckout | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(providerSessionId, {
        expand: ['subscription'],
      });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const paid =
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    if (!paid || !session.subscription) return null;
    const subscription =
      typeof session.subscription === 'string'
        ? await this.stripe.subscriptions.retrieve(session.subscription)
        : session.subscription;
    const current = toProviderSubscription(subscription);
    return { customerId: idOf(session.customer) ?? current.customerId, subscription: current };
  }

  async subscription(subscriptionId: string): Promise<ProviderSubscription | null> {
    return (await this.stripeSubscription(subscriptionId))?.subscription ?? null;
  }

  /** The subscription with the checkout it came from (our metadata), or null if unknown. */
  async stripeSubscription(
    subscriptionId: string,
  ): Promise<{ subscription: ProviderSubscription; checkoutId: string | null } | null> {
    try {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      return {
        subscription: toProviderSubscription(subscription),
        checkoutId: subscription.metadata?.checkout_id ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create(
      { customer: input.customerId, return_url: input.returnUrl },
      { idempotencyKey: `portal:${randomUUID()}` },
    );
    return session.url;
  }
}
