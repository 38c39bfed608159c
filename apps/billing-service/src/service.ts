import 'reflect-metadata';
import { defineService } from '@snaptrack/nest-rmq';
import { loadBillingConfig } from './config/env.js';
import { billingSchema } from './database/data-source.js';
import { CheckoutController } from './checkout/checkout.controller.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { HeldPayments } from './checkout/held-payments.js';
import { MobileExchangeCodes } from './checkout/mobile-exchange-codes.js';
import { LocalBillingController } from './local/local-billing.controller.js';
import { LocalBillingService } from './local/local-billing.service.js';
import { paymentProviders } from './providers/providers.js';
import { BillingSweeper } from './subscriptions/billing-sweeper.js';
import { PortalService } from './subscriptions/portal.service.js';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { StripeEventsService } from './webhooks/stripe-events.service.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';
import { BILLING_CONFIG } from './tokens.js';

export const billingService = defineService({
  name: 'billing',
  loadConfig: loadBillingConfig,
  configToken: BILLING_CONFIG,
  schema: billingSchema,
  outbox: true,
  controllers: [
    CheckoutController,
    SubscriptionsController,
    LocalBillingController,
    StripeWebhookController,
  ],
  providers: (config) => [
    ...paymentProviders(config),
    SubscriptionsService,
    CheckoutService,
    HeldPayments,
    MobileExchangeCodes,
    PortalService,
    LocalBillingService,
    StripeEventsService,
  ],
  jobs: [BillingSweeper],
  prefetch: 10,
  afterStart: (config, logger) => logger.info({ provider: config.BILLING }, 'billing provider'),
});
