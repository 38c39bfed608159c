import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { HomeCurrencyController } from './home-currency.controller.js';
import { HomeCurrencyService } from './home-currency.service.js';
import { RatesSource } from './rates-source.js';

/** The home currency and the exchange rates that convert into it. */
export const currency: ServiceFeature = {
  controllers: [HomeCurrencyController],
  providers: [RatesSource, HomeCurrencyService],
};
