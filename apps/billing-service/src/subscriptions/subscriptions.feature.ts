import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { PortalService } from './portal.service.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Subscriptions: their state, the customer portal (the sweeper is a job of the service). */
export const subscriptions: ServiceFeature = {
  controllers: [SubscriptionsController],
  providers: [SubscriptionsService, PortalService],
};
