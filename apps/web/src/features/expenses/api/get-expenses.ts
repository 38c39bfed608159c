import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import type { QueryConfig } from '@/lib/react-query';
import type { ExpenseListResponse, ExpensePageQuery } from '@snaptrack/contracts/core';
import { listQuery, type ListFilters } from '../utils/list-filters';

export type {
  ExpenseListResponse as ExpensesPage,
  ExpensePageQuery as ExpensesQuery,
} from '@snaptrack/contracts/core';

/** GET /api/expenses?page=&limit=&q=…: a page, with the list's search and filters (none: all). */
export function getExpenses(
  { page, limit }: ExpensePageQuery,
  filters: ListFilters = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<ExpenseListResponse> {
  return api.get<ExpenseListResponse>('/expenses', {
    query: { page, limit, ...listQuery(filters) },
    signal,
  });
}

export function getExpensesQueryOptions(query: ExpensePageQuery, filters: ListFilters = {}) {
  return queryOptions({
    queryKey: [...EXPENSES_KEY, 'list', query, filters],
    queryFn: ({ signal }) => getExpenses(query, filters, { signal }),
    // Keep the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Expenses still being read refresh themselves until they are done.
    refetchInterval: (current) =>
      current.state.data?.expenses.some((expense) => expense.status === 'processing')
        ? 3_000
        : false,
  });
}

type UseExpensesOptions = ExpensePageQuery & {
  filters?: ListFilters;
  queryConfig?: QueryConfig<typeof getExpensesQueryOptions>;
};

export function useExpenses({ queryConfig, filters, ...query }: UseExpensesOptions) {
  return useQuery({ ...getExpensesQueryOptions(query, filters), ...queryConfig });
}
