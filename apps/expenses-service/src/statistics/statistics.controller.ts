import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExpensesPatterns,
  StatisticsRequest,
  SummaryRequest,
  type StatisticsResponse,
  type SummaryResponse,
} from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { StatisticsService } from './statistics.service.js';

@Controller()
export class StatisticsController {
  constructor(@Inject(StatisticsService) private readonly statistics: StatisticsService) {}

  @MessagePattern(ExpensesPatterns.summary)
  summary(
    @UserId() userId: string,
    @Payload('data') body: SummaryRequest,
  ): Promise<SummaryResponse> {
    return this.statistics.summary(userId, body.period, body.tz);
  }

  @MessagePattern(ExpensesPatterns.statistics)
  get(
    @UserId() userId: string,
    @Payload('data') body: StatisticsRequest,
  ): Promise<StatisticsResponse> {
    return this.statistics.statistics(userId, body.period, body.tz);
  }
}
