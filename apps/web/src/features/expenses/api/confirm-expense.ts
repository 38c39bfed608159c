import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import type { Expense, ExpenseResponse } from '@snaptrack/contracts/core';

/** POST /api/expenses/{id}/review: confirmed, it leaves the review queue. */
export async function confirmExpense(id: string): Promise<Expense> {
  const body = await api.post<ExpenseResponse>(`/expenses/${id}/review`);
  return body.expense;
}

type UseConfirmExpenseOptions = { mutationConfig?: MutationConfig<Expense, string> };

export function useConfirmExpense({ mutationConfig }: UseConfirmExpenseOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: confirmExpense,
    onSuccess: async (...args) => {
      await reloadQueries(queryClient, EXPENSES_KEY);
      await onSuccess?.(...args);
    },
  });
}
