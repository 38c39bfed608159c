import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { HeldPayments } from './held-payments.js';
import { MobileExchangeCodes } from './mobile-exchange-codes.js';

/** Checkout: starting a payment, the payments held for a sign-up, the mobile app's codes. */
export const checkout: ServiceFeature = {
  controllers: [CheckoutController],
  providers: [CheckoutService, HeldPayments, MobileExchangeCodes],
};
