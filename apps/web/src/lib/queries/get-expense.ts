import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { Expense, ExpenseResponse } from '@snaptrack/contracts/core';
import { EXPENSES_KEY } from './expenses-key';

/** While the receipt is being read, it is asked for again this often (ms). */
export const READING_POLL_MS = 2_000;

/** GET /api/expenses/{id}: one expense (the upload card follows a new one until it is read). */
export async function getExpense(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Expense> {
  const body = await api.get<ExpenseResponse>(`/expenses/${encodeURIComponent(id)}`, { signal });
  return body.expense;
}

/** Under EXPENSES_KEY: an edit, a delete or a reprocess refreshes it with the list. */
export function getExpenseQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...EXPENSES_KEY, 'one', id],
    queryFn: ({ signal }) => getExpense(id, { signal }),
    // Asked again until the reading is over (ready or failed).
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? READING_POLL_MS : false,
  });
}

type UseExpenseOptions = {
  id: string | null;
  queryConfig?: QueryConfig<typeof getExpenseQueryOptions>;
};

export function useExpense({ id, queryConfig }: UseExpenseOptions) {
  return useQuery({ ...getExpenseQueryOptions(id ?? ''), enabled: id !== null, ...queryConfig });
}
