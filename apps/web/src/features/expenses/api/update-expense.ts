import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import type { Expense, ExpenseChanges, ExpenseResponse } from '@snaptrack/contracts/core';

export type { ExpenseChanges } from '@snaptrack/contracts/core';
export type UpdateExpenseVariables = { id: string; changes: ExpenseChanges };

/** PATCH /api/expenses/{id} */
export async function updateExpense({ id, changes }: UpdateExpenseVariables): Promise<Expense> {
  const body = await api.patch<ExpenseResponse>(`/expenses/${id}`, changes);
  return body.expense;
}

type UseUpdateExpenseOptions = {
  mutationConfig?: MutationConfig<Expense, UpdateExpenseVariables>;
};

/** Refreshes the list and the summary afterwards: totals may have moved. */
export function useUpdateExpense({ mutationConfig }: UseUpdateExpenseOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateExpense,
    onSuccess: async (...args) => {
      await reloadQueries(queryClient, EXPENSES_KEY);
      await onSuccess?.(...args);
    },
  });
}
