import { api } from '@/lib/api-client';
import type { ApiSuccess, UsernameCheckResponse } from '@snaptrack/contracts/core';

export type UsernameCheck = ApiSuccess<UsernameCheckResponse>;
/** POST /api/username/check */
export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  return api.post<UsernameCheck>('/username/check', { username }, { signal });
}
