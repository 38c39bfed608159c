import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import type { ExpenseResponse } from '@snaptrack/contracts/core';

/** GET /api/expenses/{id}: one expense (under EXPENSES_KEY: refreshed by every change). */
export function useExpense(id: string | null) {
  return useQuery({
    queryKey: [...EXPENSES_KEY, 'one', id],
    queryFn: ({ signal }) => api.get<ExpenseResponse>(`/expenses/${id}`, { signal }),
    enabled: id !== null,
    select: (body) => body.expense,
  });
}
