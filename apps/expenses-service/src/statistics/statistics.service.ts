import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  StatisticsPeriod,
  StatisticsResponse,
  SummaryPeriod,
  SummaryResponse,
} from '@snaptrack/contracts';
import { VersionedCache } from '../cache/versioned-cache.js';
import { HomeCurrencyService } from '../currency/home-currency.service.js';
import { toCurrencyTotals, type CurrencyTotalsRow } from './currency-totals.js';
import { resolveTimeZone, statisticsRange, summaryRange, todayIn } from './periods.js';
import { statisticsSql, summarySql } from './statistics.sql.js';
import { taxPaidSql } from './tax-paid.sql.js';

type Breakdowns = Pick<
  StatisticsResponse,
  'entities' | 'top_vendors' | 'top_tags' | 'series' | 'by_currency'
>;
type StatisticsRow = Breakdowns & { currency: CurrencyTotalsRow; undated_count: number } & Pick<
    StatisticsResponse,
    'tax_paid'
  >;

/**
 * The dashboard's summary and the statistics page, computed in SQL in the user's time zone and
 * kept until the user's expenses change.
 */
@Injectable()
export class StatisticsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(VersionedCache) private readonly cache: VersionedCache,
    @Inject(HomeCurrencyService) private readonly homeCurrency: HomeCurrencyService,
  ) {}

  async summary(
    userId: string,
    period: SummaryPeriod,
    tz: string | undefined,
    now = new Date(),
  ): Promise<SummaryResponse> {
    const range = summaryRange(period, todayIn(resolveTimeZone(tz), now));
    const home = await this.homeCurrency.code(userId);
    const { sql, params } = summarySql(userId, range, home);
    // The home currency is part of the key: changing it changes no expense (no new version).
    const key = `summary:${home}:${range.start}:${range.end}`;
    const row = await this.cache.get(userId, key, async () => {
      const rows: { totals: CurrencyTotalsRow; undated_count: number }[] =
        await this.dataSource.query(sql, params);
      return rows[0];
    });
    return {
      success: true,
      period,
      start_date: range.start,
      end_date: range.end,
      ...toCurrencyTotals(row.totals, home),
      undated_count: row.undated_count,
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
    const home = await this.homeCurrency.code(userId);
    const { sql, params } = statisticsSql(userId, range, today, home);
    // "today" is part of the key: All Time's spending series runs up to it.
    const { currency, undated_count, ...breakdowns } = await this.cache.get(
      userId,
      `statistics:${home}:${range.start}:${range.end}:${today}`,
      async () => {
        const rows: { statistics: StatisticsRow }[] = await this.dataSource.query(sql, params);
        const tax = taxPaidSql(userId, range);
        const taxRows: { entity: string; currency: string; tax: string; count: number }[] =
          await this.dataSource.query(tax.sql, tax.params);
        const taxPaid = taxRows.map((row) => ({ ...row, tax: Number(row.tax) }));
        return { ...rows[0].statistics, tax_paid: taxPaid };
      },
    );
    return {
      success: true,
      period,
      start_date: range.start,
      end_date: range.end,
      ...toCurrencyTotals(currency, home),
      undated_count,
      ...breakdowns,
    };
  }
}
