import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ExpensesPatterns,
  StatisticsRequest,
  type MessageContext,
  type StatisticsResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

@ApiTags('statistics')
@ApiBearerAuth()
@Controller('statistics')
export class StatisticsController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  /** Today from local midnight, or the last 7, 30 or 365 days, or all time. */
  @Get()
  @ApiQuery({ name: 'period', required: false, enum: ['today', 'week', 'month', 'year', 'all'] })
  @ApiQuery({ name: 'tz', required: false, description: 'IANA time zone, e.g. America/Chicago' })
  get(@Query() query: StatisticsRequest, @Ctx() ctx: MessageContext): Promise<StatisticsResponse> {
    return this.bus.send(ExpensesPatterns.statistics, { period: query.period, tz: query.tz }, ctx);
  }
}
