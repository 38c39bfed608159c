import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSuccess, UsernameHistoryResponse } from '@snaptrack/contracts/core';

export type { UsernameHistoryEntry } from '@snaptrack/contracts/core';
/** GET /api/username/history */
export function getUsernameHistory(): Promise<ApiSuccess<UsernameHistoryResponse>> {
  return api.get('/username/history');
}

export function getUsernameHistoryQueryOptions() {
  return queryOptions({ queryKey: ['username', 'history'], queryFn: getUsernameHistory });
}

export function useUsernameHistory(enabled = true) {
  return useQuery({ ...getUsernameHistoryQueryOptions(), enabled });
}
