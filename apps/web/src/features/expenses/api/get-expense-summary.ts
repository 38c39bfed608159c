import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import type { SummaryPeriod, SummaryResponse } from '@snaptrack/contracts/core';

export type { SummaryPeriod, SummaryResponse as ExpenseSummary } from '@snaptrack/contracts/core';
/** GET /api/expenses/summary?period=&tz= (computed by the server over all expenses). */
export function getExpenseSummary(
  period: SummaryPeriod,
  tz: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SummaryResponse> {
  return api.get<SummaryResponse>('/expenses/summary', { query: { period, tz }, signal });
}

export function getExpenseSummaryQueryOptions(period: SummaryPeriod, tz: string) {
  return queryOptions({
    queryKey: [...EXPENSES_KEY, 'summary', period, tz],
    queryFn: ({ signal }) => getExpenseSummary(period, tz, { signal }),
  });
}

type UseExpenseSummaryOptions = {
  period: SummaryPeriod;
  tz: string;
  queryConfig?: QueryConfig<typeof getExpenseSummaryQueryOptions>;
};

export function useExpenseSummary({ period, tz, queryConfig }: UseExpenseSummaryOptions) {
  return useQuery({ ...getExpenseSummaryQueryOptions(period, tz), ...queryConfig });
}
