import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageResponse } from './request-password-reset';
import type { PasswordResetConfirmBody } from '@snaptrack/contracts/core';

/** POST /api/auth/password-reset/confirm */
export function confirmPasswordReset(input: PasswordResetConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password-reset/confirm', input, { auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
