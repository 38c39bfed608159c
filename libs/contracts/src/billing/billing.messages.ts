import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
} from 'class-validator';

export const BillingPatterns = {
  createCheckout: 'billing.checkout.create.v1',
  verifyPayment: 'billing.checkout.verify.v1',
  mobileExchange: 'billing.checkout.mobile-exchange.v1',
  claim: 'billing.checkout.claim.v1',
  status: 'billing.subscription.status.v1',
  subscriptionOf: 'billing.subscription.get.v1',
  portal: 'billing.portal.create.v1',
  localCheckoutView: 'billing.local-checkout.view.v1',
  localCheckoutAct: 'billing.local-checkout.act.v1',
  localPortalView: 'billing.local-portal.view.v1',
  localPortalAct: 'billing.local-portal.act.v1',
  stripeWebhook: 'billing.stripe.webhook.v1',
  entitlement: 'billing.entitlement.check.v1',
} as const;

/** The one plan: $4.99 a month (docs/runbooks/stripe.md creates its Stripe price). */
export const BillingPlan = {
  name: 'SnapTrack Pro',
  priceCents: 499,
  currency: 'usd',
  interval: 'month',
} as const;

export const SubscriptionStatuses = ['active', 'past_due', 'canceled', 'none'] as const;
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];

export const CheckoutPlatforms = ['web', 'mobile'] as const;
export type CheckoutPlatform = (typeof CheckoutPlatforms)[number];

const INVALID_EMAIL = 'Please enter a valid email address';

/** Trims and lowercases an address before it is validated (`' Ann@X.com '` → `ann@x.com`). */
const normalizedEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /api/subscription/create-checkout (public): starts the paid signup. */
export class CreateCheckoutRequest {
  @Transform(normalizedEmail)
  @IsEmail({}, { message: INVALID_EMAIL })
  @MaxLength(320, { message: INVALID_EMAIL })
  email!: string;

  @IsIn(['monthly'], { message: 'price_type must be monthly.' })
  price_type!: 'monthly';

  @IsIn(CheckoutPlatforms, { message: 'platform must be web or mobile.' })
  platform!: CheckoutPlatform;

  /** Only our own web origin or the app's deep-link scheme; checked by billing-service. */
  @IsOptional()
  @IsString({ message: 'Invalid return URL.' })
  @MaxLength(2048, { message: 'Invalid return URL.' })
  return_url?: string;
}

export interface CreateCheckoutResponse {
  success: true;
  data: { checkout_url: string; session_id: string };
}

/** POST /api/subscription/verify-payment (public): the `session_id` of the success URL. */
export class VerifyPaymentRequest {
  @IsString({ message: 'Missing payment session information' })
  @IsNotEmpty({ message: 'Missing payment session information' })
  @MaxLength(255, { message: 'Missing payment session information' })
  session_id!: string;
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

/** POST /api/subscription/mobile-exchange (public): the deep link's one-time code. */
export class MobileExchangeRequest {
  @IsString({ message: 'This sign-in code has expired. Please sign in.' })
  @IsNotEmpty({ message: 'This sign-in code has expired. Please sign in.' })
  @MaxLength(100, { message: 'This sign-in code has expired. Please sign in.' })
  code!: string;
}

/** POST /api/subscription/claim (signed in): paid checkouts for the account's proven address. */
export interface ClaimCheckoutsResponse {
  success: true;
  data: { claimed: number; subscription: SubscriptionState };
}

/** The subscription status (docs/api.md, Billing). */
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

/** Another service reads an account's subscription (auth keeps it in its read model). */
export class SubscriptionOfRequest {
  @IsUUID()
  userId!: string;
}

export class PortalRequest {
  /** Where the portal sends the user back; our own origin only. Default: /subscription. */
  @IsOptional()
  @IsString({ message: 'Invalid return URL.' })
  @MaxLength(2048, { message: 'Invalid return URL.' })
  return_url?: string;
}

export interface PortalResponse {
  success: true;
  data: { portal_url: string };
}

const LOCAL_ID = 'This checkout link is invalid.';

/** The built-in checkout page of the `local` provider. */
export class LocalCheckoutViewRequest {
  @IsString({ message: LOCAL_ID })
  @MaxLength(100, { message: LOCAL_ID })
  session_id!: string;
}

export class LocalCheckoutActRequest extends LocalCheckoutViewRequest {
  @IsIn(['pay', 'cancel'])
  action!: 'pay' | 'cancel';
}

export interface LocalCheckoutView {
  email: string;
  state: 'open' | 'paid' | 'cancelled';
  amount: string;
  plan: string;
}

export interface RedirectResponse {
  redirect_url: string;
}

/** The built-in billing portal of the `local` provider. */
export class LocalPortalViewRequest {
  @IsString({ message: LOCAL_ID })
  @MaxLength(100, { message: LOCAL_ID })
  portal_id!: string;
}

export class LocalPortalActRequest extends LocalPortalViewRequest {
  @IsIn(['cancel', 'resume', 'return'])
  action!: 'cancel' | 'resume' | 'return';
}

export interface LocalPortalView {
  email: string;
  subscription: SubscriptionState;
  return_url: string;
}

/**
 * A Stripe webhook the gateway has verified (signature over the raw body); billing stores it
 * before answering, so the gateway's 2xx means "durably received".
 */
export class StripeWebhookMessage {
  @IsString()
  @MaxLength(255)
  id!: string;

  @IsString()
  @MaxLength(255)
  type!: string;

  /** The event as Stripe sent it (JSON text of the verified body). */
  @IsString()
  @MaxLength(1_000_000)
  payload!: string;
}

export interface StripeWebhookResponse {
  received: true;
  duplicate: boolean;
}

/** A subscription changed: consumers re-read it (billing.subscription.get.v1), so order never matters. */
export class SubscriptionChangedEvent {
  @IsUUID()
  userId!: string;
}

/** Why an account may or may not add receipts (billing.entitlement.check.v1). */
export const EntitlementReasons = [
  'billing_off',
  'active',
  'past_due_grace',
  'paid_until_period_end',
  'no_subscription',
  'past_due_expired',
  'ended',
] as const;
export type EntitlementReason = (typeof EntitlementReasons)[number];

/** The gateway and mail-ingest ask before a receipt is added; billing is the one source. */
export class EntitlementRequest {
  @IsUUID()
  userId!: string;
}

export interface Entitlement {
  entitled: boolean;
  status: SubscriptionStatus;
  reason: EntitlementReason;
  /** When access ends if nothing changes (cancelled period end, end of past_due grace); null: open. */
  until: string | null;
}

/** The 402 text of SUBSCRIPTION_REQUIRED (gateway) and the RCPT refusal (mail-ingest). */
export const EntitlementMessages = {
  required: 'An active subscription is required to add receipts.',
  smtpRefusal: '5.7.1 This SnapTrack account has no active subscription',
} as const;
