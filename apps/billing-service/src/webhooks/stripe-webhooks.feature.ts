import type { ServiceFeature } from '@snaptrack/nest-rmq';
import { StripeEventsService } from './stripe-events.service.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** Stripe's webhook events, checked by the gateway and applied here. */
export const stripeWebhooks: ServiceFeature = {
  controllers: [StripeWebhookController],
  providers: [StripeEventsService],
};
