import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUsernameHistoryQueryOptions } from './get-username-history';
import type { ApiSuccess, UsernameAssignResponse } from '@snaptrack/contracts/core';

/** The name the account now has and its receipt address. */
export type UsernameAssigned = ApiSuccess<UsernameAssignResponse>;
/** POST /api/username/assign (24 h between changes; the server says how long is left). */
export function assignUsername(username: string): Promise<UsernameAssigned> {
  return api.post<UsernameAssigned>('/username/assign', { username });
}

/** Assigns and refreshes the history; the caller refreshes the profile it owns. */
export function useAssignUsername({ onAssigned }: { onAssigned?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignUsername,
    onSuccess: async () => {
      await queryClient.invalidateQueries(getUsernameHistoryQueryOptions());
      onAssigned?.();
    },
  });
}
