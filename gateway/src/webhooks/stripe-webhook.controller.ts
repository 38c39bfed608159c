import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import Stripe from 'stripe';
import {
  BillingPatterns,
  type MessageContext,
  type StripeWebhookResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { type GatewayConfig } from '../config/env.js';
import { ApiError } from '../common/api-error.js';
import type { GatewayRequest } from '../common/authenticated-request.js';
import { Ctx } from '../common/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const INVALID_SIGNATURE = 'Invalid webhook signature.';

/** Only the webhook helpers are used here; no API key is needed for them. */
const webhooks = new Stripe('sk_unused', { telemetry: false }).webhooks;

/**
 * Stripe's webhook endpoint. The signature is checked on the exact bytes received (the raw
 * body; re-serialised JSON would not verify), with Stripe's 5-minute tolerance against replays.
 * The event is answered 2xx only once billing has stored it; if billing or its database is
 * down the answer is 5xx and Stripe delivers it again later.
 */
@Controller('webhooks')
export class StripeWebhookController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Post('stripe')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async stripe(
    @Req() req: GatewayRequest & { rawBody?: Buffer },
    @Headers('stripe-signature') signature: string | undefined,
    @Ctx() ctx: MessageContext,
  ): Promise<StripeWebhookResponse> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new ApiError('NOT_FOUND', 'Stripe webhooks are not configured here.');
    const raw = req.rawBody;
    if (!raw || !signature) throw new ApiError('WEBHOOK_SIGNATURE_INVALID', INVALID_SIGNATURE);
    let event: Stripe.Event;
    try {
      event = webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw new ApiError('WEBHOOK_SIGNATURE_INVALID', INVALID_SIGNATURE);
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string') {
      throw new ApiError('VALIDATION_FAILED', 'The event has no id or type.');
    }
    return this.bus.send(
      BillingPatterns.stripeWebhook,
      { id: event.id, type: event.type, payload: raw.toString('utf8') },
      ctx,
    );
  }
}
