import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  EntitlementRequest,
  PortalRequest,
  type Entitlement,
  SubscriptionOfRequest,
  type PortalResponse,
  type SubscriptionState,
  type SubscriptionStatusResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { SubscriptionsService } from './subscriptions.service.js';
import { PortalService } from './portal.service.js';

@Controller()
export class SubscriptionsController {
  constructor(
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(PortalService) private readonly portals: PortalService,
  ) {}

  @MessagePattern(BillingPatterns.status)
  async status(@UserId() userId: string): Promise<SubscriptionStatusResponse> {
    return { success: true, data: await this.subscriptions.stateOf(userId) };
  }

  /** For auth-service's read model (has_active_subscription). */
  @MessagePattern(BillingPatterns.subscriptionOf)
  subscriptionOf(@Payload('data') body: SubscriptionOfRequest): Promise<SubscriptionState> {
    return this.subscriptions.stateOf(body.userId);
  }

  /** The gateway (uploads, re-extraction) and mail-ingest (RCPT) ask before adding receipts. */
  @MessagePattern(BillingPatterns.entitlement)
  entitlement(@Payload('data') body: EntitlementRequest): Promise<Entitlement> {
    return this.subscriptions.entitlement(body.userId);
  }

  @MessagePattern(BillingPatterns.portal)
  async portal(
    @Payload('data') body: PortalRequest,
    @UserId() userId: string,
  ): Promise<PortalResponse> {
    return {
      success: true,
      data: { portal_url: await this.portals.open(userId, body.return_url) },
    };
  }
}
