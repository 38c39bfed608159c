import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ActionCodeRequest,
  AuthPatterns,
  ChangePasswordRequest,
  LoginRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  SignInMethodsRequest,
  UniversalSignInRequest,
  type MessageContext,
  type MessageResponse,
  type PasswordResetVerifyResponse,
  type SessionResponse,
  type SignInMethodsResponse,
  type SuccessResponse,
  type ProvidersResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { OptionalAuth, Public } from '../common/public.decorator.js';
import { ClientIp, Ctx, SignedInUser } from '../common/current-user.decorator.js';
import type { AuthenticatedUser } from '../common/authenticated-request.js';
import { TokenVerifier } from '../common/token-verifier.js';
import { padded } from '../common/timing.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

/**
 * Every reset request answers after at least a second, whichever path ran (docs/security.md,
 * Rate limits), so its timing never tells whether the address has an account.
 * The wait is here, where it costs a timer, not in auth-service, where it held a worker slot.
 */
export const RESET_MIN_ANSWER_MS = 1_000;

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(TokenVerifier) private readonly tokens: TokenVerifier,
  ) {}

  @Public()
  @RateLimit('login_ip', 'login_account')
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Email sign-in; failures are rate-limited per address and per IP' })
  login(
    @Body() body: LoginRequest,
    @Ctx() ctx: MessageContext,
    @ClientIp() clientIp: string | undefined,
  ): Promise<SessionResponse> {
    return this.bus.send(
      AuthPatterns.login,
      { email: body.email, password: body.password, clientIp },
      ctx,
    );
  }

  /**
   * Sign Out: ends this session only; the account's other devices stay signed in. A token from
   * before sessions had ids cannot be told apart, so it ends every session as it used to.
   */
  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out this session only' })
  async logout(
    @Ctx() ctx: MessageContext,
    @SignedInUser() user: AuthenticatedUser,
  ): Promise<SuccessResponse> {
    if (!user.sessionId) return this.signOutEverywhere(ctx);
    const result = await this.bus.send(
      AuthPatterns.endSession,
      { sessionId: user.sessionId, expiresAt: user.expiresAt },
      ctx,
    );
    this.tokens.forget(user.id);
    return result;
  }

  /** Account settings' 'Sign out everywhere': raises auth_version, every token stops working. */
  @ApiBearerAuth()
  @Post('logout-everywhere')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out every session of the account' })
  logoutEverywhere(@Ctx() ctx: MessageContext): Promise<SuccessResponse> {
    return this.signOutEverywhere(ctx);
  }

  /**
   * Account settings' Change password: needs the current one; ends every other session and
   * answers a new token for this device.
   */
  @ApiBearerAuth()
  @Post('password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the password; other sessions end, this one gets a new token' })
  async changePassword(
    @Body() body: ChangePasswordRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<SessionResponse> {
    const session = await this.bus.send(AuthPatterns.changePassword, body, ctx);
    if (ctx.userId) this.tokens.forget(ctx.userId);
    return session;
  }

  @Public()
  @RateLimit('reset_ip', 'reset_account')
  @Post('password-reset')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mail a reset link; the same answer, after at least 1 s, for unknown addresses',
  })
  passwordReset(
    @Body() body: PasswordResetRequest,
    @Ctx() ctx: MessageContext,
    @ClientIp() clientIp: string | undefined,
  ): Promise<MessageResponse> {
    return padded(RESET_MIN_ANSWER_MS, () =>
      this.bus.send(AuthPatterns.passwordResetRequest, { email: body.email, clientIp }, ctx),
    );
  }

  @Public()
  @RateLimit('reset_link_ip')
  @Post('password-reset/verify')
  @HttpCode(200)
  verifyReset(
    @Body() body: ActionCodeRequest,
    @Ctx() ctx: MessageContext,
    @ClientIp() clientIp: string | undefined,
  ): Promise<PasswordResetVerifyResponse> {
    return this.bus.send(
      AuthPatterns.passwordResetVerify,
      { oobCode: body.oobCode, clientIp },
      ctx,
    );
  }

  @Public()
  @RateLimit('reset_link_ip')
  @Post('password-reset/confirm')
  @HttpCode(200)
  confirmReset(
    @Body() body: PasswordResetConfirmRequest,
    @Ctx() ctx: MessageContext,
    @ClientIp() clientIp: string | undefined,
  ): Promise<MessageResponse> {
    return this.bus.send(
      AuthPatterns.passwordResetConfirm,
      { oobCode: body.oobCode, password: body.password, clientIp },
      ctx,
    );
  }

  /**
   * Signed in: the caller's own methods. Anonymous: the methods SnapTrack offers, the same for
   * every address, so the call cannot tell which addresses have accounts.
   */
  @OptionalAuth()
  @Get('sign-in-methods')
  async signInMethods(
    @Query() query: SignInMethodsRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<SignInMethodsResponse & { success: true }> {
    const result = await this.bus.send(AuthPatterns.signInMethods, { email: query.email }, ctx);
    return { success: true, ...result };
  }

  /** Which social buttons to show: only providers with a configured client. */
  @Public()
  @Get('providers')
  async providers(@Ctx() ctx: MessageContext): Promise<ProvidersResponse> {
    const providers = await this.bus.send(AuthPatterns.oidcProviders, {}, ctx);
    return { success: true, providers: { password: true, ...providers } };
  }

  /** Native clients: a Google or Apple id token for a SnapTrack session (docs/api.md, Accounts). */
  @Public()
  @RateLimit('social_sign_in_ip')
  @Post('universal')
  @HttpCode(200)
  universal(
    @Body() body: UniversalSignInRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<SessionResponse> {
    return this.bus.send(AuthPatterns.universal, body, ctx);
  }

  private async signOutEverywhere(ctx: MessageContext): Promise<SuccessResponse> {
    const result = await this.bus.send(AuthPatterns.logout, {}, ctx);
    if (ctx.userId) this.tokens.forget(ctx.userId);
    return result;
  }
}
