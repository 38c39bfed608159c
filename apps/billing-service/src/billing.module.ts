import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseModule } from '@snaptrack/nest-database';
import { createPingController, outboxBusProviders } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { BILLING_SCHEMA, type BillingConfig } from './config/env.js';
import { billingEntities, billingMigrations } from './database/data-source.js';
import { CheckoutController } from './checkout/checkout.controller.js';
import { CheckoutService } from './checkout/checkout.service.js';
import { HeldPayments } from './checkout/held-payments.js';
import { MobileExchangeCodes } from './checkout/mobile-exchange-codes.js';
import { LocalBillingController } from './local/local-billing.controller.js';
import { LocalBillingService } from './local/local-billing.service.js';
import { createProviders } from './providers/providers.js';
import { createStripeClient, StripeProvider } from './providers/stripe-provider.js';
import { BillingSweeper } from './subscriptions/billing-sweeper.js';
import { PortalService } from './subscriptions/portal.service.js';
import { SubscriptionsController } from './subscriptions/subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { StripeEventsService } from './webhooks/stripe-events.service.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';
import { BILLING_CONFIG, BILLING_PROVIDERS, STRIPE_PROVIDER } from './tokens.js';

@Module({})
export class BillingModule {
  static register(config: BillingConfig, logger: Logger): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        DatabaseModule.forService({
          url: config.DATABASE_URL,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          schema: BILLING_SCHEMA,
          entities: billingEntities,
          migrations: billingMigrations,
        }),
      ],
      controllers: [
        createPingController('billing'),
        CheckoutController,
        SubscriptionsController,
        LocalBillingController,
        StripeWebhookController,
      ],
      providers: [
        { provide: BILLING_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        {
          provide: STRIPE_PROVIDER,
          useFactory: () =>
            config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ID
              ? new StripeProvider(createStripeClient(config), config.STRIPE_PRICE_ID)
              : null,
        },
        {
          provide: BILLING_PROVIDERS,
          inject: [DataSource, STRIPE_PROVIDER],
          useFactory: (dataSource: DataSource, stripe: StripeProvider | null) =>
            createProviders(config, dataSource, stripe),
        },
        ...outboxBusProviders(BILLING_SCHEMA, BILLING_CONFIG, LOGGER),
        SubscriptionsService,
        CheckoutService,
        HeldPayments,
        MobileExchangeCodes,
        PortalService,
        LocalBillingService,
        BillingSweeper,
        StripeEventsService,
      ],
    };
  }
}
