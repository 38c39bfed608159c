import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  LoginRequest,
  type MessageContext,
  type SessionResponse,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Public } from '../common/public.decorator.js';
import { Ctx } from '../common/current-user.decorator.js';
import { TokenVerifier } from '../common/token-verifier.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TokenVerifier) private readonly tokens: TokenVerifier,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiBody({
    schema: {
      type: 'object',
      required: ['email', 'password'],
      properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
    },
  })
  login(@Body() body: LoginRequest, @Ctx() ctx: MessageContext): Promise<SessionResponse> {
    return this.bus.send(AuthPatterns.login, { email: body.email, password: body.password }, ctx);
  }

  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  async logout(@Ctx() ctx: MessageContext): Promise<SuccessResponse> {
    const result = await this.bus.send(AuthPatterns.logout, {}, ctx);
    if (ctx.userId) this.tokens.forget(ctx.userId);
    return result;
  }
}
