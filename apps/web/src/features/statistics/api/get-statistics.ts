import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

export type StatisticsPeriod = 'today' | 'week' | 'month' | 'year' | 'all';

export type Statistics = {
  success: boolean;
  period: StatisticsPeriod;
  start_date: string | null;
  end_date: string | null;
  total_spent: number;
  count: number;
  average: number;
  entities: {
    entity: string;
    total: number;
    count: number;
    share: number;
    top_tags: { tag: string; count: number }[];
  }[];
  top_vendors: { vendor: string; count: number; total: number }[];
  top_tags: { tag: string; count: number; total: number }[];
  series: {
    granularity: 'day' | 'week' | 'month';
    points: { date: string; total: number; count: number }[];
  };
};

/** GET /api/statistics?period=&tz= */
export function getStatistics(
  period: StatisticsPeriod,
  tz: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Statistics> {
  return api.get<Statistics>('/statistics', { query: { period, tz }, signal });
}

export function getStatisticsQueryOptions(period: StatisticsPeriod, tz: string) {
  return queryOptions({
    queryKey: ['statistics', period, tz],
    queryFn: ({ signal }) => getStatistics(period, tz, { signal }),
    // Cheap for the server (it keeps the result until the data changes) and edits on the
    // dashboard must show here at once.
    staleTime: 0,
  });
}

type UseStatisticsOptions = {
  period: StatisticsPeriod;
  tz: string;
  queryConfig?: QueryConfig<typeof getStatisticsQueryOptions>;
};

export function useStatistics({ period, tz, queryConfig }: UseStatisticsOptions) {
  return useQuery({ ...getStatisticsQueryOptions(period, tz), ...queryConfig });
}
