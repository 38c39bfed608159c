import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  StripeWebhookMessage,
  type StripeWebhookResponse,
} from '@snaptrack/contracts';
import { StripeEventsService } from './stripe-events.service.js';

/** `POST /api/webhooks/stripe`, after the gateway has verified the signature. */
@Controller()
export class StripeWebhookController {
  constructor(@Inject(StripeEventsService) private readonly events: StripeEventsService) {}

  @MessagePattern(BillingPatterns.stripeWebhook)
  receive(@Payload('data') body: StripeWebhookMessage): Promise<StripeWebhookResponse> {
    return this.events.receive(body);
  }
}
