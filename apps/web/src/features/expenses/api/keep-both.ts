import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import type { Expense, ExpenseResponse } from '@snaptrack/contracts/core';

/** POST /api/expenses/{id}/keep-both: not a duplicate after all; never flagged again. */
export async function keepBoth(id: string): Promise<Expense> {
  const body = await api.post<ExpenseResponse>(`/expenses/${id}/keep-both`);
  return body.expense;
}

type UseKeepBothOptions = { mutationConfig?: MutationConfig<Expense, string> };

export function useKeepBoth({ mutationConfig }: UseKeepBothOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: keepBoth,
    onSuccess: async (...args) => {
      await reloadQueries(queryClient, EXPENSES_KEY);
      await onSuccess?.(...args);
    },
  });
}
