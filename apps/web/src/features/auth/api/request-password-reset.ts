import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from '@snaptrack/contracts/core';

export type { MessageResponse } from '@snaptrack/contracts/core';

/** POST /api/auth/password-reset: the same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password-reset', { email }, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
