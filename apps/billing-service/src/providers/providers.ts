import type { Provider } from '@nestjs/common';
import { BusError } from '@snaptrack/nest-rmq';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../config/env.js';
import { BILLING_PROVIDERS, STRIPE_PROVIDER } from '../tokens.js';
import type { BillingProvider, BillingProviders } from './billing-provider.js';
import { LocalProvider } from './local-provider.js';
import { createStripeClient, StripeProvider } from './stripe-provider.js';

/** `STRIPE_PROVIDER` (null without Stripe settings) and `BILLING_PROVIDERS`, for the service. */
export function paymentProviders(config: BillingConfig): Provider[] {
  return [
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
  ];
}

/**
 * Every provider this process can reach. Checkouts started under one provider are finished by
 * the same one (the row names it), so switching BILLING never strands a paying customer.
 */
export function createProviders(
  config: BillingConfig,
  dataSource: DataSource,
  stripe: BillingProvider | null,
): BillingProviders {
  const local = new LocalProvider(dataSource, config.APP_URL);
  const active = config.BILLING === 'off' ? null : config.BILLING === 'stripe' ? stripe : local;
  return {
    active,
    byName(name) {
      if (name === 'local') return local;
      if (name === 'stripe' && stripe) return stripe;
      throw new BusError('SERVICE_UNAVAILABLE', 'The payment provider is not configured.');
    },
  };
}
