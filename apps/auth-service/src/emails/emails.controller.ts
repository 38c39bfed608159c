import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AddEmailRequest,
  AuthPatterns,
  EmailIdRequest,
  UpdateEmailMessage,
  VerifyEmailMessage,
  type EmailListResponse,
  type EmailResponse,
  type SuccessResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { EmailsService } from './emails.service.js';

@Controller()
export class EmailsController {
  constructor(@Inject(EmailsService) private readonly emails: EmailsService) {}

  @MessagePattern(AuthPatterns.emailList)
  async list(@UserId() userId: string): Promise<EmailListResponse> {
    return { emails: await this.emails.list(userId) };
  }

  @MessagePattern(AuthPatterns.emailAdd)
  async add(
    @UserId() userId: string,
    @Payload('data') body: AddEmailRequest,
  ): Promise<EmailResponse> {
    return { email: await this.emails.add(userId, body) };
  }

  @MessagePattern(AuthPatterns.emailUpdate)
  async update(
    @UserId() userId: string,
    @Payload('data') body: UpdateEmailMessage,
  ): Promise<EmailResponse> {
    return { email: await this.emails.update(userId, body.id, body) };
  }

  @MessagePattern(AuthPatterns.emailDelete)
  async remove(
    @UserId() userId: string,
    @Payload('data') body: EmailIdRequest,
  ): Promise<SuccessResponse> {
    await this.emails.remove(userId, body.id);
    return { success: true };
  }

  @MessagePattern(AuthPatterns.emailSendVerification)
  async resend(
    @UserId() userId: string,
    @Payload('data') body: EmailIdRequest,
  ): Promise<SuccessResponse> {
    await this.emails.resend(userId, body.id);
    return { success: true };
  }

  /** Public: the verification link carries its own proof. */
  @MessagePattern(AuthPatterns.emailVerify)
  async verify(@Payload('data') body: VerifyEmailMessage): Promise<EmailResponse> {
    return { email: await this.emails.verify(body.id, body.token) };
  }
}
