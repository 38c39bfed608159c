import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  EndSessionRequest,
  IssueSessionRequest,
  LoginMessage,
  SignInMethodsRequest,
  type MessageContext,
  type SessionResponse,
  type SignInMethodsResponse,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { SessionService } from './session.service.js';

@Controller()
export class SessionController {
  constructor(@Inject(SessionService) private readonly sessions: SessionService) {}

  @MessagePattern(AuthPatterns.login)
  login(@Payload('data') body: LoginMessage): Promise<SessionResponse> {
    return this.sessions.login(body.email, body.password, body.clientIp);
  }

  /** Billing signs the mobile app in after its paid checkout (no HTTP route leads here). */
  @MessagePattern(AuthPatterns.issueSession)
  issue(@Payload('data') body: IssueSessionRequest): Promise<SessionResponse> {
    return this.sessions.sessionFor(body.userId);
  }

  @MessagePattern(AuthPatterns.logout)
  async logout(@UserId() userId: string): Promise<SuccessResponse> {
    await this.sessions.logout(userId);
    return { success: true };
  }

  @MessagePattern(AuthPatterns.endSession)
  async endSession(
    @UserId() userId: string,
    @Payload('data') body: EndSessionRequest,
  ): Promise<SuccessResponse> {
    await this.sessions.endSession(userId, body.sessionId, new Date(body.expiresAt * 1000));
    return { success: true };
  }

  @MessagePattern(AuthPatterns.signInMethods)
  async signInMethods(
    // The email only matters to the anonymous answer, which does not depend on it.
    @Payload('data') _body: SignInMethodsRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<SignInMethodsResponse> {
    return { methods: await this.sessions.signInMethods(ctx.userId) };
  }
}
