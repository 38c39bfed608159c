/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (BillingConfig). */
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

/** The BillingProviders this process can talk to. */
export const BILLING_PROVIDERS = Symbol('BILLING_PROVIDERS');

/** The `stripe` provider itself (webhook processing needs more than the interface), or null. */
export const STRIPE_PROVIDER = Symbol('STRIPE_PROVIDER');
