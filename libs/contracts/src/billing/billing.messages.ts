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
import {
  type CheckoutPlatform,
  CheckoutPlatforms,
  type SubscriptionState,
  type SubscriptionStatus,
} from '../core/billing/billing.types.js';
import type { CreateCheckoutBody } from '../core/billing/billing.types.js';

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

const INVALID_EMAIL = 'Please enter a valid email address';

/** Trims and lowercases an address before it is validated (`' Ann@X.com '` → `ann@x.com`). */
const normalizedEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /api/subscription/create-checkout (public): starts the paid signup. */
export class CreateCheckoutRequest implements CreateCheckoutBody {
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

/** POST /api/subscription/verify-payment (public): the `session_id` of the success URL. */
export class VerifyPaymentRequest {
  @IsString({ message: 'Missing payment session information' })
  @IsNotEmpty({ message: 'Missing payment session information' })
  @MaxLength(255, { message: 'Missing payment session information' })
  session_id!: string;
}

/** POST /api/subscription/mobile-exchange (public): the deep link's one-time code. */
export class MobileExchangeRequest {
  @IsString({ message: 'This sign-in code has expired. Please sign in.' })
  @IsNotEmpty({ message: 'This sign-in code has expired. Please sign in.' })
  @MaxLength(100, { message: 'This sign-in code has expired. Please sign in.' })
  code!: string;
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
