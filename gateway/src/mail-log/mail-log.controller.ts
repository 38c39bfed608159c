import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  MailIngestPatterns,
  MailLogRequest,
  SenderRuleMessages,
  SenderRulesUpdateRequest,
  type ApiSuccess,
  type HeldMailReleaseResponse,
  type MailLogResponse,
  type MessageContext,
  type SenderRulesResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { ApiError } from '../common/api-error.js';
import { Ctx } from '../common/current-user.decorator.js';

const heldId = new ParseUUIDPipe({
  exceptionFactory: () => new ApiError('NOT_FOUND', SenderRuleMessages.heldNotFound),
});

/**
 * The signed-in user's forwarded mail, newest first, with what became of each message; the
 * sender rules that decide which mail is held, and the release of a held one.
 */
@ApiTags('email')
@ApiBearerAuth()
@Controller('email')
export class MailLogController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get('log')
  async log(
    @Query() query: MailLogRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<MailLogResponse>> {
    return { success: true, ...(await this.bus.send(MailIngestPatterns.logList, query, ctx)) };
  }

  /** A held mail is read now, as if its sender were listed. */
  @Post('log/:id/release')
  @HttpCode(200)
  async release(
    @Param('id', heldId) id: string,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<HeldMailReleaseResponse>> {
    return {
      success: true,
      ...(await this.bus.send(MailIngestPatterns.heldMailRelease, { id }, ctx)),
    };
  }

  @Get('senders')
  async senders(@Ctx() ctx: MessageContext): Promise<ApiSuccess<SenderRulesResponse>> {
    return { success: true, ...(await this.bus.send(MailIngestPatterns.senderRulesGet, {}, ctx)) };
  }

  @Put('senders')
  async updateSenders(
    @Body() body: SenderRulesUpdateRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<SenderRulesResponse>> {
    return {
      success: true,
      ...(await this.bus.send(MailIngestPatterns.senderRulesUpdate, body, ctx)),
    };
  }
}
