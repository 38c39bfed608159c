import { Inject, Injectable } from '@nestjs/common';
import { BillingPatterns, EntitlementMessages, type MessageContext } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { type GatewayConfig } from '../config/env.js';
import { ApiError } from '../common/api-error.js';
import { GATEWAY_CONFIG } from '../tokens.js';

const MAX_ENTRIES = 10_000;

/**
 * Asks billing-service (the one source of truth) whether the caller may add receipts. Only a
 * "yes" is kept, and only for ENTITLEMENT_CACHE_MS: a burst of uploads costs one question,
 * someone who has just subscribed is never refused from a stale "no", and a lapse shows
 * within seconds.
 */
@Injectable()
export class EntitlementCheck {
  private readonly entitledUntil = new Map<string, number>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  /** Throws SUBSCRIPTION_REQUIRED (402) for an account without entitlement. */
  async assertEntitled(ctx: MessageContext): Promise<void> {
    const userId = ctx.userId;
    if (!userId) throw new ApiError('UNAUTHENTICATED', 'No authenticated user');
    const until = this.entitledUntil.get(userId);
    if (until !== undefined && until > Date.now()) return;
    const answer = await this.bus.send(BillingPatterns.entitlement, { userId }, ctx);
    if (!answer.entitled) {
      this.entitledUntil.delete(userId);
      throw new ApiError('SUBSCRIPTION_REQUIRED', EntitlementMessages.required, {
        status: answer.status,
        reason: answer.reason,
      });
    }
    if (this.config.ENTITLEMENT_CACHE_MS > 0) this.remember(userId);
  }

  private remember(userId: string): void {
    if (this.entitledUntil.size >= MAX_ENTRIES) this.entitledUntil.clear();
    this.entitledUntil.set(userId, Date.now() + this.config.ENTITLEMENT_CACHE_MS);
  }
}
