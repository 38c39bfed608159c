import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const SummaryPeriods = ['today', 'week', 'month', 'all'] as const;
export type SummaryPeriod = (typeof SummaryPeriods)[number];

export const StatisticsPeriods = ['today', 'week', 'month', 'year', 'all'] as const;
export type StatisticsPeriod = (typeof StatisticsPeriods)[number];

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

export interface SummaryResponse {
  success: true;
  period: SummaryPeriod;
  /** Inclusive bounds in the user's time zone; null for All Time. */
  start_date: string | null;
  end_date: string | null;
  total_spent: number;
  count: number;
  average: number;
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

export interface TagCount {
  tag: string;
  count: number;
}

export interface EntityBreakdown {
  /** The entity's name, or 'Unassigned'. */
  entity: string;
  total: number;
  count: number;
  /** This entity's part of the period's total, 0 to 1. */
  share: number;
  /** Its three most used tags in the period. */
  top_tags: TagCount[];
}

export interface VendorStat {
  vendor: string;
  /** Number of expenses (visits). */
  count: number;
  total: number;
}

export interface TagStat extends TagCount {
  total: number;
}

export type SeriesGranularity = 'day' | 'week' | 'month';

export interface SeriesPoint {
  /** First day of the bucket, YYYY-MM-DD (weeks start on Sunday). */
  date: string;
  total: number;
  count: number;
}

export interface StatisticsResponse {
  success: true;
  period: StatisticsPeriod;
  start_date: string | null;
  end_date: string | null;
  total_spent: number;
  count: number;
  average: number;
  entities: EntityBreakdown[];
  top_vendors: VendorStat[];
  top_tags: TagStat[];
  /** Spending over time: every bucket of the period, empty ones included. */
  series: { granularity: SeriesGranularity; points: SeriesPoint[] };
}
