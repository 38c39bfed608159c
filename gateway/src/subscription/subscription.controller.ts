import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BillingPatterns,
  CreateCheckoutRequest,
  MobileExchangeRequest,
  PortalRequest,
  VerifyPaymentRequest,
  type ClaimCheckoutsResponse,
  type CreateCheckoutResponse,
  type MessageContext,
  type PortalResponse,
  type SessionResponse,
  type SubscriptionStatusResponse,
  type VerifyPaymentResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

/**
 * The subscription routes (docs/api.md, Billing); setup-password lives with auth: password-setup/.
 */
@ApiTags('subscription')
@Controller('subscription')
export class SubscriptionController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Public()
  @RateLimit('checkout_ip', 'checkout_account')
  @Post('create-checkout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start the paid signup; answers the checkout page to open' })
  createCheckout(
    @Body() body: CreateCheckoutRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<CreateCheckoutResponse> {
    return this.bus.send(BillingPatterns.createCheckout, body, ctx);
  }

  @Public()
  @RateLimit('verify_payment_ip')
  @Post('verify-payment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirm a checkout from its success page; creates the account once' })
  verifyPayment(
    @Body() body: VerifyPaymentRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<VerifyPaymentResponse> {
    return this.bus.send(BillingPatterns.verifyPayment, { session_id: body.session_id }, ctx);
  }

  @Public()
  // The same budget as verify-payment: both turn a checkout's return into an answer.
  @RateLimit('verify_payment_ip')
  @Post('mobile-exchange')
  @HttpCode(200)
  @ApiOperation({
    summary: "The mobile deep link's one-time code (10 minutes) for the new account's token",
  })
  async mobileExchange(
    @Body() body: MobileExchangeRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<{ success: true; data: { auth_token: string } }> {
    const session: SessionResponse = await this.bus.send(
      BillingPatterns.mobileExchange,
      { code: body.code },
      ctx,
    );
    return { success: true, data: { auth_token: session.token } };
  }

  @Post('claim')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Attach a payment made for your (proven) address while it already had an account',
  })
  claim(@Ctx() ctx: MessageContext): Promise<ClaimCheckoutsResponse> {
    return this.bus.send(BillingPatterns.claim, {}, ctx);
  }

  @Get('status')
  @ApiBearerAuth()
  status(@Ctx() ctx: MessageContext): Promise<SubscriptionStatusResponse> {
    return this.bus.send(BillingPatterns.status, {}, ctx);
  }

  @Post('portal')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: "'Manage Billing': a billing-portal link" })
  portal(@Body() body: PortalRequest, @Ctx() ctx: MessageContext): Promise<PortalResponse> {
    return this.bus.send(BillingPatterns.portal, { return_url: body.return_url }, ctx);
  }
}
