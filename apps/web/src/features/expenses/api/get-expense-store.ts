import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import type { ExpenseStoreMatch } from '@snaptrack/contracts/core';

/**
 * GET /api/expenses/{id}/store: the store SnapTrack knows that filled the expense in, and what
 * it suggests (under EXPENSES_KEY: refreshed by every change).
 */
export function useExpenseStore(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...EXPENSES_KEY, 'store', id],
    queryFn: ({ signal }) =>
      api.get<ExpenseStoreMatch>(`/expenses/${encodeURIComponent(id)}/store`, { signal }),
    enabled,
  });
}
