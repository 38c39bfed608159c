import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  StatisticsPeriod,
  StatisticsResponse,
  SummaryPeriod,
  SummaryResponse,
} from '@snaptrack/contracts';
import { VersionedCache } from '../cache/versioned-cache.js';
import { resolveTimeZone, statisticsRange, summaryRange, todayIn } from './periods.js';
import { statisticsSql, summarySql } from './statistics.sql.js';

type Statistics = Omit<StatisticsResponse, 'success' | 'period' | 'start_date' | 'end_date'>;

/**
 * The dashboard's summary and the statistics page, computed in SQL in the user's time zone and
 * kept until the user's expenses change.
 */
@Injectable()
export class StatisticsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(VersionedCache) private readonly cache: VersionedCache,
  ) {}

  async summary(
    userId: string,
    period: SummaryPeriod,
    tz: string | undefined,
    now = new Date(),
  ): Promise<SummaryResponse> {
    const range = summaryRange(period, todayIn(resolveTimeZone(tz), now));
    const { sql, params } = summarySql(userId, range);
    const row = await this.cache.get(userId, `summary:${range.start}:${range.end}`, async () => {
      const rows: { total: string; count: number; average: string }[] = await this.dataSource.query(
        sql,
        params,
      );
      return rows[0] ?? { total: '0', count: 0, average: '0' };
    });
    return {
      success: true,
      period,
      start_date: range.start,
      end_date: range.end,
      total_spent: Number(row.total),
      count: row.count,
      average: Number(row.average),
    };
  }

  async statistics(
    userId: string,
    period: StatisticsPeriod,
    tz: string | undefined,
    now = new Date(),
  ): Promise<StatisticsResponse> {
    const today = todayIn(resolveTimeZone(tz), now);
    const range = statisticsRange(period, today);
    const { sql, params } = statisticsSql(userId, range, today);
    // "today" is part of the key: All Time's spending series runs up to it.
    const statistics = await this.cache.get(
      userId,
      `statistics:${range.start}:${range.end}:${today}`,
      async () => {
        const rows: { statistics: Statistics }[] = await this.dataSource.query(sql, params);
        return rows[0].statistics;
      },
    );
    return { success: true, period, start_date: range.start, end_date: range.end, ...statistics };
  }
}
