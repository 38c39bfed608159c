import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SuccessResponse } from '@snaptrack/contracts/core';

/** POST /api/user/emails/{id}/send-verification: really sends the mail again. */
export function sendVerification(id: string): Promise<SuccessResponse> {
  return api.post(`/user/emails/${encodeURIComponent(id)}/send-verification`);
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
