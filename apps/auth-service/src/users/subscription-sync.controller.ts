import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  BillingEventPatterns,
  SubscriptionChangedEvent,
  type MessageContext,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { SubscriptionSyncService } from './subscription-sync.service.js';

@Controller()
export class SubscriptionSyncController {
  constructor(@Inject(SubscriptionSyncService) private readonly sync: SubscriptionSyncService) {}

  /** Re-reading is idempotent, so a redelivered event needs no inbox entry. */
  @EventPattern(BillingEventPatterns.subscriptionChanged)
  async changed(
    @Payload('data') body: SubscriptionChangedEvent,
    // @EventPattern types every parameter after the first as unknown; MessageCtx validated it.
    @MessageCtx() ctx: unknown,
  ): Promise<void> {
    await this.sync.refresh(body.userId, (ctx as MessageContext).requestId);
  }
}
