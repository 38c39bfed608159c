import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { LocalBillingController } from './local-billing.controller.js';
import { LocalBillingService } from './local-billing.service.js';

/** The `local` provider's checkout and portal pages (rendered by the gateway). */
export const localBilling: ServiceFeature = {
  controllers: [LocalBillingController],
  providers: [LocalBillingService],
};
