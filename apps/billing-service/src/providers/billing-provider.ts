import type { SubscriptionStatus } from '@snaptrack/contracts';

/** A subscription as the payment provider holds it (the truth billing copies). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
}

export interface CheckoutInput {
  /** Our checkout id: Stripe's client_reference_id and the idempotency key's base. */
  checkoutId: string;
  email: string;
  /** Contains `{CHECKOUT_SESSION_ID}`, which the provider replaces with its session id. */
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderCheckout {
  providerSessionId: string;
  url: string;
}

/** A checkout the provider reports as paid, with the subscription it started. */
export interface PaidCheckout {
  customerId: string;
  subscription: ProviderSubscription;
}

/** What billing needs from a payment provider; `local` and `stripe` implement it. */
export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<ProviderCheckout>;
  /** The checkout's outcome: null while it is not paid. */
  paidCheckout(providerSessionId: string): Promise<PaidCheckout | null>;
  /** The current state of a subscription (re-read, so event order never matters). */
  subscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** A billing-portal link for the customer, returning to `returnUrl`. */
  createPortal(input: { customerId: string; userId: string; returnUrl: string }): Promise<string>;
}

/** The providers this process can talk to, by name; `active` starts new checkouts. */
export interface BillingProviders {
  active: BillingProvider | null;
  byName(name: string): BillingProvider;
}
