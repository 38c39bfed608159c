import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActionCodeMessage,
  AuthPatterns,
  ChangePasswordRequest,
  PasswordResetConfirmMessage,
  PasswordResetRequestMessage,
  PasswordSetupIssueRequest,
  PasswordSetupRequest,
  type MessageContext,
  type MessageResponse,
  type PasswordResetVerifyResponse,
  type PasswordSetupIssueResponse,
  type SessionResponse,
} from '@snaptrack/contracts';
import { MessageCtx, UserId } from '@snaptrack/nest-rmq';
import { PasswordChangeService } from './password-change.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordSetupService } from './password-setup.service.js';

@Controller()
export class PasswordsController {
  constructor(
    @Inject(PasswordResetService) private readonly reset: PasswordResetService,
    @Inject(PasswordSetupService) private readonly setup: PasswordSetupService,
    @Inject(PasswordChangeService) private readonly changer: PasswordChangeService,
  ) {}

  @MessagePattern(AuthPatterns.passwordResetRequest)
  request(@Payload('data') body: PasswordResetRequestMessage): Promise<MessageResponse> {
    return this.reset.request(body.email, body.clientIp);
  }

  @MessagePattern(AuthPatterns.passwordResetVerify)
  verify(@Payload('data') body: ActionCodeMessage): Promise<PasswordResetVerifyResponse> {
    return this.reset.verify(body.oobCode, body.clientIp);
  }

  @MessagePattern(AuthPatterns.passwordResetConfirm)
  confirm(@Payload('data') body: PasswordResetConfirmMessage): Promise<MessageResponse> {
    return this.reset.confirm(body.oobCode, body.password, body.clientIp);
  }

  /** Called by billing after a paid checkout. */
  @MessagePattern(AuthPatterns.passwordSetupIssue)
  issue(
    @Payload('data') body: PasswordSetupIssueRequest,
    @MessageCtx() ctx: MessageContext,
  ): Promise<PasswordSetupIssueResponse> {
    return this.setup.issue(body, ctx.requestId);
  }

  @MessagePattern(AuthPatterns.passwordSetupComplete)
  complete(@Payload('data') body: PasswordSetupRequest): Promise<SessionResponse> {
    return this.setup.complete(body.token, body.password);
  }

  /** Account settings: the signed-in user changes a password they know. */
  @MessagePattern(AuthPatterns.changePassword)
  change(
    @UserId() userId: string,
    @Payload('data') body: ChangePasswordRequest,
  ): Promise<SessionResponse> {
    return this.changer.change(userId, body.current_password, body.new_password);
  }
}
