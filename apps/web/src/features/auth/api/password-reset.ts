import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MessageResponse = { success: boolean; message: string };

/** POST /api/auth/password-reset: the same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password-reset', { email }, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/auth/password-reset/verify: the account's email for a valid code. */
export function verifyResetCode(oobCode: string): Promise<{ success: boolean; email: string }> {
  return api.post('/auth/password-reset/verify', { oobCode }, { auth: false });
}

/** POST /api/auth/password-reset/confirm */
export function confirmPasswordReset(input: {
  oobCode: string;
  password: string;
}): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password-reset/confirm', input, { auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
