import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  UsernameRequest,
  type MessageContext,
  type ApiSuccess,
  type UsernameCheckResponse,
  type UsernameAssignResponse,
  type UsernameHistoryResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

/** Username and with it the receipt address `{username}@{MAIL_DOMAIN}`. */
@ApiTags('username')
@ApiBearerAuth()
@Controller('username')
export class UsernameController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /** `{success, available, errors, suggestions}` (also under `data`, which some screens read). */
  @Post('check')
  @HttpCode(200)
  async check(
    @Body() body: UsernameRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<UsernameCheckResponse> & { data: UsernameCheckResponse }> {
    const result = await this.bus.send(AuthPatterns.usernameCheck, body, ctx);
    return { success: true, ...result, data: result };
  }

  /** 24 hours between changes (USERNAME_COOLDOWN with `details.remaining_hours`). */
  @Post('assign')
  @HttpCode(200)
  async assign(
    @Body() body: UsernameRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<ApiSuccess<UsernameAssignResponse> & { data: UsernameAssignResponse }> {
    const result = await this.bus.send(AuthPatterns.usernameAssign, body, ctx);
    return { success: true, ...result, data: result };
  }

  @Get('history')
  async history(@Ctx() ctx: MessageContext): Promise<ApiSuccess<UsernameHistoryResponse>> {
    return { success: true, ...(await this.bus.send(AuthPatterns.usernameHistory, {}, ctx)) };
  }
}
