import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UsernameCheck = {
  success: boolean;
  username: string;
  available: boolean;
  errors: string[];
  suggestions: string[];
  address: string | null;
};

/** POST /api/username/check */
export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  return api.post<UsernameCheck>('/username/check', { username }, { signal });
}

export type UsernameAssigned = {
  success: boolean;
  username: string;
  snaptrack_email: string;
  email_username_changed_at: string;
};

/** POST /api/username/assign (24 h between changes; the server says how long is left). */
export function assignUsername(username: string): Promise<UsernameAssigned> {
  return api.post<UsernameAssigned>('/username/assign', { username });
}

export type UsernameHistoryEntry = {
  old_username: string | null;
  new_username: string;
  changed_at: string;
  changed_by: string;
};

/** GET /api/username/history */
export function getUsernameHistory(): Promise<{ history: UsernameHistoryEntry[] }> {
  return api.get('/username/history');
}

export function getUsernameHistoryQueryOptions() {
  return queryOptions({ queryKey: ['username', 'history'], queryFn: getUsernameHistory });
}

export function useUsernameHistory(enabled = true) {
  return useQuery({ ...getUsernameHistoryQueryOptions(), enabled });
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
