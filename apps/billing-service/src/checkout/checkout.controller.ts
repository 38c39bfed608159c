import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BillingPatterns,
  CreateCheckoutRequest,
  VerifyPaymentRequest,
  type CreateCheckoutResponse,
  type MessageContext,
  type VerifyPaymentResponse,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { CheckoutService } from './checkout.service.js';

@Controller()
export class CheckoutController {
  constructor(@Inject(CheckoutService) private readonly checkouts: CheckoutService) {}

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
}
