/** The one plan: $4.99 a month. */
export const BillingPlan = {
  name: 'SnapTrack Pro',
  priceCents: 499,
  currency: 'usd',
  interval: 'month',
} as const;

export const SubscriptionStatuses = ['active', 'past_due', 'canceled', 'none'] as const;

export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

/**
 * A subscription still in force: paid, or a failed payment being retried. Such an account has
 * nothing more to claim, its portal offers cancel or renew, and the SPA waits for auth to show it.
 */
export function isLiveSubscription(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'past_due';
}

export const CheckoutPlatforms = ['web', 'mobile'] as const;

export type CheckoutPlatform = (typeof CheckoutPlatforms)[number];

export interface CreateCheckoutResponse {
  success: true;
  data: { checkout_url: string; session_id: string };
}

export interface VerifyPaymentResponse {
  success: true;
  data: {
    user: { email: string };
    platform: CheckoutPlatform;
    /** Where the mobile app wants to be sent back to (its deep link); null on the web. */
    deep_link_return_url: string | null;
    /**
     * Always null: a token in the deep link leaked through logs and history. Kept so old
     * clients read "no token" instead of breaking; the app trades `exchange_code` instead.
     */
    auth_token: null;
    /**
     * Mobile only, once per checkout, and only when the checkout created the account: a
     * one-time code (10 minutes) the app trades at `POST /api/subscription/mobile-exchange`.
     */
    exchange_code: string | null;
    /**
     * The address already had an account: nobody is signed in by this checkout; the payment
     * attaches once that account's owner signs in and claims it.
     */
    sign_in_required: boolean;
  };
}

/** POST /api/subscription/claim (signed in): paid checkouts for the account's proven address. */
export interface ClaimCheckoutsResponse {
  success: true;
  data: { claimed: number; subscription: SubscriptionState };
}

/** Spec section 3, "Subscription status". */
export interface SubscriptionState {
  has_subscription: boolean;
  status: SubscriptionStatus;
  plan: string | null;
  current_period_end: string | null;
  cancel_at: string | null;
}

export interface SubscriptionStatusResponse {
  success: true;
  data: SubscriptionState;
}

export interface PortalResponse {
  success: true;
  data: { portal_url: string };
}

/** POST /api/subscription/create-checkout (public). */
export interface CreateCheckoutBody {
  email: string;
  price_type: 'monthly';
  platform: CheckoutPlatform;
  /** Only our own web origin or the app's deep-link scheme; checked by billing-service. */
  return_url?: string;
}
