import type { EmptyRequest } from '../auth/auth.messages.js';
import type {
  CreateCheckoutRequest,
  Entitlement,
  EntitlementRequest,
  LocalCheckoutActRequest,
  LocalCheckoutView,
  LocalCheckoutViewRequest,
  LocalPortalActRequest,
  LocalPortalView,
  LocalPortalViewRequest,
  MobileExchangeRequest,
  PortalRequest,
  RedirectResponse,
  StripeWebhookMessage,
  StripeWebhookResponse,
  SubscriptionChangedEvent,
  SubscriptionOfRequest,
  VerifyPaymentRequest,
} from './billing.messages.js';
import type { SessionResponse } from '../core/auth/auth.types.js';
import type {
  ClaimCheckoutsResponse,
  CreateCheckoutResponse,
  PortalResponse,
  SubscriptionState,
  SubscriptionStatusResponse,
  VerifyPaymentResponse,
} from '../core/billing/billing.types.js';

/** Requests billing-service answers. */
export interface BillingMessages {
  'billing.checkout.create.v1': {
    request: CreateCheckoutRequest;
    response: CreateCheckoutResponse;
  };
  'billing.checkout.verify.v1': { request: VerifyPaymentRequest; response: VerifyPaymentResponse };
  'billing.checkout.mobile-exchange.v1': {
    request: MobileExchangeRequest;
    response: SessionResponse;
  };
  'billing.checkout.claim.v1': { request: EmptyRequest; response: ClaimCheckoutsResponse };
  'billing.subscription.status.v1': { request: EmptyRequest; response: SubscriptionStatusResponse };
  'billing.subscription.get.v1': { request: SubscriptionOfRequest; response: SubscriptionState };
  'billing.portal.create.v1': { request: PortalRequest; response: PortalResponse };
  'billing.local-checkout.view.v1': {
    request: LocalCheckoutViewRequest;
    response: LocalCheckoutView;
  };
  'billing.local-checkout.act.v1': { request: LocalCheckoutActRequest; response: RedirectResponse };
  'billing.local-portal.view.v1': { request: LocalPortalViewRequest; response: LocalPortalView };
  'billing.local-portal.act.v1': { request: LocalPortalActRequest; response: RedirectResponse };
  'billing.stripe.webhook.v1': { request: StripeWebhookMessage; response: StripeWebhookResponse };
  'billing.entitlement.check.v1': { request: EntitlementRequest; response: Entitlement };
}

/** Events billing-service publishes. */
export interface BillingEvents {
  'billing.subscription.changed.v1': SubscriptionChangedEvent;
}

export const BillingEventConsumers = {
  'billing.subscription.changed.v1': ['auth'],
} as const;

/** The names of the events billing-service publishes. */
export const BillingEventPatterns = {
  subscriptionChanged: 'billing.subscription.changed.v1',
} as const satisfies Record<string, keyof BillingEvents>;
