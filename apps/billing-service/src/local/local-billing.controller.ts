import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  LocalCheckoutActRequest,
  LocalCheckoutViewRequest,
  LocalPortalActRequest,
  LocalPortalViewRequest,
  type LocalCheckoutView,
  type LocalPortalView,
  type MessageContext,
  type RedirectResponse,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { LocalBillingService } from './local-billing.service.js';

/** The `local` provider's checkout and portal pages (rendered by the gateway). */
@Controller()
export class LocalBillingController {
  constructor(@Inject(LocalBillingService) private readonly local: LocalBillingService) {}

  @MessagePattern(BillingPatterns.localCheckoutView)
  checkout(@Payload('data') body: LocalCheckoutViewRequest): Promise<LocalCheckoutView> {
    return this.local.checkoutView(body.session_id);
  }

  @MessagePattern(BillingPatterns.localCheckoutAct)
  checkoutAct(
    @Payload('data') body: LocalCheckoutActRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<RedirectResponse> {
    return this.local.checkoutAct(body.session_id, body.action, ctx);
  }

  @MessagePattern(BillingPatterns.localPortalView)
  portal(@Payload('data') body: LocalPortalViewRequest): Promise<LocalPortalView> {
    return this.local.portalView(body.portal_id);
  }

  @MessagePattern(BillingPatterns.localPortalAct)
  portalAct(
    @Payload('data') body: LocalPortalActRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<RedirectResponse> {
    return this.local.portalAct(body.portal_id, body.action, ctx);
  }
}
