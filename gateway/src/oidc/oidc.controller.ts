import { randomBytes } from 'node:crypto';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  AuthPatterns,
  OidcErrorReasons,
  OidcProviderIds,
  OidcResultRequest,
  type MessageContext,
  type OidcProviderId,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { type GatewayConfig } from '../config/env.js';
import { ApiError } from '../common/api-error.js';
import type { GatewayRequest } from '../common/authenticated-request.js';
import { Ctx } from '../common/current-user.decorator.js';
import { OptionalAuth, Public } from '../common/public.decorator.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** Ties a flow to the browser that started it (login CSRF); read back by the callback. */
const BINDING_COOKIE = 'snaptrack_oidc';
const COOKIE_PATH = '/api/auth/oidc';

/**
 * Google and Apple: `start` sends the browser to the provider (302, or `{url}` as JSON for the
 * SPA and for linking, which needs the bearer token a navigation cannot carry); the provider
 * comes back to `callback`, which answers with a redirect into the SPA holding a one-time
 * `oidc_result` code; the SPA trades that code at `result` for the session or link outcome, in
 * the same browser: the binding cookie set at `start` is checked at the callback and again there.
 */
@ApiTags('auth')
@Controller('auth/oidc')
export class OidcController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @OptionalAuth()
  @RateLimit('social_sign_in_ip')
  @Get(':provider/start')
  @ApiOperation({ summary: 'Start Google/Apple sign-in (mode=signin) or linking (mode=link)' })
  async start(
    @Param('provider') provider: string,
    @Query('mode') mode: string | undefined,
    @Query('response') response: string | undefined,
    @Req() req: GatewayRequest,
    @Res() res: Response,
    @Ctx() ctx: MessageContext,
  ): Promise<void> {
    const id = providerId(provider);
    const link = mode === 'link';
    if (link) {
      if (!req.user) throw new ApiError('UNAUTHENTICATED', 'No authenticated user');
      const age = Date.now() / 1000 - req.user.issuedAt;
      if (age > this.config.REAUTH_MAX_AGE_SECONDS) {
        throw new ApiError(
          'REQUIRES_RECENT_LOGIN',
          'Please sign out and sign in again before linking a new provider.',
        );
      }
    }
    const binding = randomBytes(32).toString('base64url');
    const { url } = await this.bus.send(
      AuthPatterns.oidcStart,
      { provider: id, mode: link ? 'link' : 'signin', browserBinding: binding },
      ctx,
    );
    res.cookie(BINDING_COOKIE, binding, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: COOKIE_PATH,
      maxAge: 10 * 60_000,
    });
    if (link || response === 'json') {
      res.json({ success: true, url });
      return;
    }
    res.redirect(302, url);
  }

  @Public()
  @RateLimit('oidc_callback_ip')
  @Get(':provider/callback')
  async callback(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @Req() req: GatewayRequest,
    @Res() res: Response,
    @Ctx() ctx: MessageContext,
  ): Promise<void> {
    const id = providerId(provider);
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(query).slice(0, 20)) {
      if (typeof value === 'string' && value.length <= 8_192) params[key] = value;
    }
    // The cookie stays until the result is redeemed: it is checked again there.
    try {
      const { redirectTo } = await this.bus.send(
        AuthPatterns.oidcCallback,
        { provider: id, params, browserBinding: readCookie(req, BINDING_COOKIE) },
        ctx,
      );
      res.redirect(303, redirectTo);
    } catch {
      res.redirect(303, `/login?oidc_error=${OidcErrorReasons.unavailable}`);
    }
  }

  /**
   * Apple answers with a cross-site form POST, which carries no SameSite=Lax cookie; a 303 to
   * the GET callback makes it a top-level navigation that does.
   */
  @Public()
  @Post(':provider/callback')
  formPost(
    @Param('provider') provider: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): void {
    const id = providerId(provider);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(body ?? {}).slice(0, 20)) {
      if (typeof value === 'string') params.set(key, value);
    }
    res.redirect(303, `${COOKIE_PATH}/${id}/callback?${params.toString()}`);
  }

  @Public()
  @RateLimit('social_sign_in_ip')
  @Post('result')
  @HttpCode(200)
  @ApiOperation({ summary: 'Trade the one-time oidc_result code for the outcome' })
  async result(
    @Body() body: OidcResultRequest,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) res: Response,
    @Ctx() ctx: MessageContext,
  ) {
    // Only the browser that started the flow holds this cookie; the code alone redeems nothing.
    const browserBinding = readCookie(req, BINDING_COOKIE);
    res.clearCookie(BINDING_COOKIE, { path: COOKIE_PATH });
    const outcome = await this.bus.send(
      AuthPatterns.oidcResult,
      { code: body.code, browserBinding },
      ctx,
    );
    return { success: true, ...outcome };
  }
}

function providerId(value: string): OidcProviderId {
  const found = OidcProviderIds.find((id) => id === value);
  if (!found) throw new ApiError('NOT_FOUND', 'Unknown sign-in provider.');
  return found;
}

function readCookie(req: GatewayRequest, name: string): string | undefined {
  for (const part of (req.header('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
