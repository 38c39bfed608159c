import { BusError } from '@snaptrack/nest-rmq';
import type { DataSource } from 'typeorm';
import type { BillingConfig } from '../config/env.js';
import type { BillingProvider, BillingProviders } from './billing-provider.js';
import { LocalProvider } from './local-provider.js';

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
