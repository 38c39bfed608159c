import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  OidcCallbackRequest,
  OidcResultMessage,
  OidcStartRequest,
  UniversalSignInRequest,
  type MessageContext,
  type OidcCallbackResponse,
  type OidcProvidersResponse,
  type OidcResultResponse,
  type OidcStartResponse,
  type SessionResponse,
} from '@snaptrack/contracts';
import { MessageCtx } from '@snaptrack/nest-rmq';
import { OidcFlowService } from './oidc-flow.service.js';
import { UniversalSignInService } from './universal.service.js';

@Controller()
export class OidcController {
  constructor(
    @Inject(OidcFlowService) private readonly flows: OidcFlowService,
    @Inject(UniversalSignInService) private readonly universal: UniversalSignInService,
  ) {}

  @MessagePattern(AuthPatterns.oidcProviders)
  providers(): OidcProvidersResponse {
    return this.flows.providers();
  }

  @MessagePattern(AuthPatterns.oidcStart)
  start(
    @Payload('data') body: OidcStartRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<OidcStartResponse> {
    return this.flows.start(body.provider, body.mode, body.browserBinding, ctx.userId);
  }

  @MessagePattern(AuthPatterns.oidcCallback)
  callback(
    @Payload('data') body: OidcCallbackRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<OidcCallbackResponse> {
    return this.flows.callback(body.provider, body.params, body.browserBinding, ctx.requestId);
  }

  @MessagePattern(AuthPatterns.oidcResult)
  result(@Payload('data') body: OidcResultMessage): Promise<OidcResultResponse> {
    return this.flows.result(body.code, body.browserBinding);
  }

  @MessagePattern(AuthPatterns.universal)
  signIn(
    @Payload('data') body: UniversalSignInRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<SessionResponse> {
    return this.universal.signIn(body, ctx.requestId);
  }
}
