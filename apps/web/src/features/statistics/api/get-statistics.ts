import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { StatisticsPeriod, StatisticsResponse } from '@snaptrack/contracts/core';

export type { StatisticsPeriod, StatisticsResponse as Statistics } from '@snaptrack/contracts/core';
/** GET /api/statistics?period=&tz= */
export function getStatistics(
  period: StatisticsPeriod,
  tz: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StatisticsResponse> {
  return api.get<StatisticsResponse>('/statistics', { query: { period, tz }, signal });
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
