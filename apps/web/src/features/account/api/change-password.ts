import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, SessionResponse } from '@snaptrack/contracts/core';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session-store';

/**
 * POST /api/auth/password: every other session ends; the answer is a new token for this
 * device, stored at once so the next call is still signed in.
 */
export async function changePassword(body: ChangePasswordBody): Promise<SessionResponse> {
  const session = await api.post<SessionResponse>('/auth/password', body);
  saveSession(session);
  return session;
}

export function useChangePassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess });
}
