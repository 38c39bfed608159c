import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  PasswordSetupRequest,
  type MessageContext,
  type PasswordSetupResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

/**
 * `/setup-password` after a paid checkout (docs/api.md, Billing): sets the first password and signs
 * in. Lives under /api/subscription with the checkout's calls, but belongs to auth-service.
 */
@ApiTags('subscription')
@Controller('subscription')
export class PasswordSetupController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Public()
  @RateLimit('setup_password_ip')
  @Post('setup-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the first password with the mailed token; returns auth_token' })
  async setupPassword(
    @Body() body: PasswordSetupRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<PasswordSetupResponse> {
    const session = await this.bus.send(
      AuthPatterns.passwordSetupComplete,
      { token: body.token, password: body.password },
      ctx,
    );
    return { success: true, data: { auth_token: session.token, user: session.user } };
  }
}
