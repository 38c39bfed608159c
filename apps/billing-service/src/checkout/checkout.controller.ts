import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  CreateCheckoutRequest,
  MobileExchangeRequest,
  VerifyPaymentRequest,
  type ClaimCheckoutsResponse,
  type CreateCheckoutResponse,
  type MessageContext,
  type SessionResponse,
  type VerifyPaymentResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { CheckoutService } from './checkout.service.js';
import { HeldPayments } from './held-payments.js';
import { MobileExchangeCodes } from './mobile-exchange-codes.js';

@Controller()
export class CheckoutController {
  constructor(
    @Inject(CheckoutService) private readonly checkouts: CheckoutService,
    @Inject(HeldPayments) private readonly held: HeldPayments,
    @Inject(MobileExchangeCodes) private readonly exchangeCodes: MobileExchangeCodes,
  ) {}

  @MessagePattern(BillingPatterns.createCheckout)
  create(@Payload('data') body: CreateCheckoutRequest): Promise<CreateCheckoutResponse> {
    return this.checkouts.create(body);
  }

  @MessagePattern(BillingPatterns.verifyPayment)
  verify(
    @Payload('data') body: VerifyPaymentRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<VerifyPaymentResponse> {
    return this.checkouts.verify(body.session_id, ctx);
  }

  @MessagePattern(BillingPatterns.mobileExchange)
  exchange(
    @Payload('data') body: MobileExchangeRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<SessionResponse> {
    return this.exchangeCodes.exchange(body.code, ctx);
  }

  @MessagePattern(BillingPatterns.claim)
  claim(
    @UserId() userId: string,
    @MessageCtx() ctx: MessageContext,
  ): Promise<ClaimCheckoutsResponse> {
    return this.held.claim(userId, ctx);
  }
}
