import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AddEmailRequest,
  AuthPatterns,
  UpdateEmailRequest,
  VerifyEmailRequest,
  type MessageContext,
  type ApiSuccess,
  type EmailListResponse,
  type EmailResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { ApiError } from '../common/api-error.js';
import { Ctx } from '../common/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';

const uuid = (message: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => new ApiError('NOT_FOUND', message) });

/** The user's addresses (docs/api.md, Accounts): list, add, preferences, delete, verify. */
@ApiTags('user')
@Controller('user/emails')
export class UserEmailsController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @ApiBearerAuth()
  @Get()
  async list(@Ctx() ctx: MessageContext): Promise<ApiSuccess<EmailListResponse>> {
    return { success: true, ...(await this.bus.send(AuthPatterns.emailList, {}, ctx)) };
  }

  /** Adds an address and mails a verification link. */
  @ApiBearerAuth()
  @RateLimit('email_add_user')
  @Post()
  async add(
    @Body() body: AddEmailRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<EmailResponse>> {
    return { success: true, ...(await this.bus.send(AuthPatterns.emailAdd, body, ctx)) };
  }

  @ApiBearerAuth()
  @Post(':id')
  @HttpCode(200)
  async update(
    @Param('id', uuid('Email not found.')) id: string,
    @Body() body: UpdateEmailRequest,
    @Ctx() ctx: MessageContext,
  ) {
    return {
      success: true,
      ...(await this.bus.send(AuthPatterns.emailUpdate, { ...body, id }, ctx)),
    };
  }

  @ApiBearerAuth()
  @Post(':id/delete')
  @HttpCode(200)
  delete(@Param('id', uuid('Email not found.')) id: string, @Ctx() ctx: MessageContext) {
    return this.bus.send(AuthPatterns.emailDelete, { id }, ctx);
  }

  /** The verify-email banner's 'Resend verification': really sends the mail. */
  @ApiBearerAuth()
  @RateLimit('verification_mail_user')
  @Post(':id/send-verification')
  @HttpCode(200)
  resend(@Param('id', uuid('Email not found.')) id: string, @Ctx() ctx: MessageContext) {
    return this.bus.send(AuthPatterns.emailSendVerification, { id }, ctx);
  }

  /** Public: the link in the verification mail. */
  @Public()
  @RateLimit('email_verify_ip')
  @Post(':id/verify')
  @HttpCode(200)
  async verify(
    @Param('id', uuid('This verification link is invalid or has expired.')) id: string,
    @Body() body: VerifyEmailRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<EmailResponse>> {
    return {
      success: true,
      ...(await this.bus.send(AuthPatterns.emailVerify, { id, token: body.token }, ctx)),
    };
  }
}
