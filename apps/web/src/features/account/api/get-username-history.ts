import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
