import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import type { QueryConfig } from '@/lib/react-query';
import type { ExpenseListResponse, ExpensePageQuery } from '@snaptrack/contracts/core';

export type {
  ExpenseListResponse as ExpensesPage,
  ExpensePageQuery as ExpensesQuery,
} from '@snaptrack/contracts/core';

/** GET /api/expenses?page=&limit= */
export function getExpenses(
  { page, limit }: ExpensePageQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ExpenseListResponse> {
  return api.get<ExpenseListResponse>('/expenses', { query: { page, limit }, signal });
}

export function getExpensesQueryOptions(query: ExpensePageQuery) {
  return queryOptions({
    queryKey: [...EXPENSES_KEY, 'list', query],
    queryFn: ({ signal }) => getExpenses(query, { signal }),
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
  queryConfig?: QueryConfig<typeof getExpensesQueryOptions>;
};

export function useExpenses({ queryConfig, ...query }: UseExpensesOptions) {
  return useQuery({ ...getExpensesQueryOptions(query), ...queryConfig });
}
