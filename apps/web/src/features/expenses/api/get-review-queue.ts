import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { ExpenseLimits, type ExpenseListResponse } from '@snaptrack/contracts/core';

/** GET /api/expenses?review=needed: the review queue, newest first (one page of the most). */
export function getReviewQueue(
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ExpenseListResponse> {
  return api.get<ExpenseListResponse>('/expenses', {
    query: { review: 'needed', limit },
    signal,
  });
}

/** Under EXPENSES_KEY: every change to an expense refreshes the queue and its count. */
export function getReviewQueueQueryOptions(limit: number = ExpenseLimits.maxPageSize) {
  return queryOptions({
    queryKey: [...EXPENSES_KEY, 'review', limit],
    queryFn: ({ signal }) => getReviewQueue(limit, { signal }),
    // Receipts still being read leave the queue's "processing" state by themselves.
    refetchInterval: (current) =>
      current.state.data?.expenses.some((expense) => expense.status === 'processing')
        ? 5_000
        : false,
  });
}

export function useReviewQueue() {
  return useQuery(getReviewQueueQueryOptions());
}

/** The header's count: the queue's total, read with the smallest page. */
export function useReviewCount() {
  return useQuery({
    ...getReviewQueueQueryOptions(1),
    select: (page) => page.pagination.total_count,
  });
}
