import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import type { Expense, ExpenseResponse } from '@snaptrack/contracts/core';

/** DELETE /api/expenses/{id}/split: the receipt counts whole under its own entity again. */
export async function unsplitExpense(id: string): Promise<Expense> {
  const response = await api.delete<ExpenseResponse>(`/expenses/${id}/split`);
  return response.expense;
}

type UseUnsplitExpenseOptions = { mutationConfig?: MutationConfig<Expense, string> };

export function useUnsplitExpense({ mutationConfig }: UseUnsplitExpenseOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: unsplitExpense,
    onSuccess: async (...args) => {
      await reloadQueries(queryClient, EXPENSES_KEY);
      await onSuccess?.(...args);
    },
  });
}
