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
