import { defineService } from '@snaptrack/nest-rmq';
import { loadBillingConfig } from './config/env.js';
import { billingSchema } from './database/data-source.js';
import { checkout } from './checkout/checkout.feature.js';
import { localBilling } from './local/local-billing.feature.js';
import { paymentProviders } from './providers/providers.js';
import { BillingSweeper } from './subscriptions/billing-sweeper.js';
import { subscriptions } from './subscriptions/subscriptions.feature.js';
import { stripeWebhooks } from './webhooks/stripe-webhooks.feature.js';
import { BILLING_CONFIG } from './tokens.js';

/** Billing; each feature's handlers and services are wired in its folder (`*.feature.ts`). */
export const billingService = defineService({
  name: 'billing',
  config: { load: loadBillingConfig, token: BILLING_CONFIG },
  schema: billingSchema,
  outbox: true,
  features: [checkout, subscriptions, localBilling, stripeWebhooks],
  providers: (config) => paymentProviders(config),
  jobs: [BillingSweeper],
  prefetch: 10,
  afterStart: (config, logger) => logger.info({ provider: config.BILLING }, 'billing provider'),
});
