import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';

/** DELETE /api/expenses/{id} */
export async function deleteExpense(id: string): Promise<void> {
  await api.delete<unknown>(`/expenses/${id}`);
}

type UseDeleteExpenseOptions = { mutationConfig?: MutationConfig<void, string> };

export function useDeleteExpense({ mutationConfig }: UseDeleteExpenseOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteExpense,
    onSuccess: async (...args) => {
      await reloadQueries(queryClient, EXPENSES_KEY);
      await onSuccess?.(...args);
    },
  });
}
