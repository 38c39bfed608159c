import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import { api } from '@/lib/api-client';
import type { Expense, ExpenseResponse } from '@snaptrack/contracts/core';

/** POST /api/expenses/{id}/reprocess: the receipt is read again; the expense is processing. */
export function reprocessReceipt(id: string): Promise<Expense> {
  return api.post<ExpenseResponse>(`/expenses/${id}/reprocess`).then((body) => body.expense);
}

export function useReprocessReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessReceipt,
    onSuccess: () => reloadQueries(queryClient, EXPENSES_KEY),
  });
}
