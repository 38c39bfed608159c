import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  MailLogRequest,
  type MessageContext,
  type ApiSuccess,
  type MailLogResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

/** The signed-in user's forwarded mail, newest first, with what became of each message. */
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
    return { success: true, ...(await this.bus.send('mail-ingest.log.list.v1', query, ctx)) };
  }
}
