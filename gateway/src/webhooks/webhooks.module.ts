import { Module } from '@nestjs/common';
import { StripeWebhookController } from './stripe-webhook.controller.js';

/** Calls from outside services (Stripe), authenticated by their signatures. */
@Module({ controllers: [StripeWebhookController] })
export class WebhooksModule {}
