import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import type { Expense, ExpenseResponse, SplitExpenseBody } from '@snaptrack/contracts/core';

export type SplitExpenseVariables = { id: string; body: SplitExpenseBody };

/** PUT /api/expenses/{id}/split: the receipt's parts, replacing any split it had. */
export async function splitExpense({ id, body }: SplitExpenseVariables): Promise<Expense> {
  const response = await api.put<ExpenseResponse>(`/expenses/${id}/split`, body);
  return response.expense;
}

type UseSplitExpenseOptions = { mutationConfig?: MutationConfig<Expense, SplitExpenseVariables> };

/** Summaries, statistics and the list all change with a split: everything under the key. */
export function useSplitExpense({ mutationConfig }: UseSplitExpenseOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: splitExpense,
    onSuccess: async (...args) => {
      await reloadQueries(queryClient, EXPENSES_KEY);
      await onSuccess?.(...args);
    },
  });
}
