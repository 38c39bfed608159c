import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  type StatisticsPeriod,
  StatisticsPeriods,
  type SummaryPeriod,
  SummaryPeriods,
} from '../core/expenses/expenses.types.js';

/** The dashboard's summary cards: Today, This Week (from Sunday), This Month, All Time. */
export class SummaryRequest {
  @IsIn(SummaryPeriods, { message: `period must be one of ${SummaryPeriods.join(', ')}.` })
  period: SummaryPeriod = 'month';

  /** The user's IANA time zone (the browser's); decides what "today" is. */
  @IsOptional()
  @MaxLength(64, { message: 'tz must be an IANA time zone such as America/Chicago.' })
  @IsString({ message: 'tz must be an IANA time zone such as America/Chicago.' })
  tz?: string;
}

/** The statistics page: today, the last 7, 30 or 365 days, or all time. */
export class StatisticsRequest {
  @IsIn(StatisticsPeriods, { message: `period must be one of ${StatisticsPeriods.join(', ')}.` })
  period: StatisticsPeriod = 'month';

  @IsOptional()
  @MaxLength(64, { message: 'tz must be an IANA time zone such as America/Chicago.' })
  @IsString({ message: 'tz must be an IANA time zone such as America/Chicago.' })
  tz?: string;
}
