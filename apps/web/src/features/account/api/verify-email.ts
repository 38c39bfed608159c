import { api } from '@/lib/api-client';
import type { ApiSuccess, EmailResponse, EmailVerificationLink } from '@snaptrack/contracts/core';

/** POST /api/user/emails/{id}/verify (public): the link from the verification mail. */
export function verifyEmail(input: EmailVerificationLink) {
  return api.post<ApiSuccess<EmailResponse>>(
    `/user/emails/${encodeURIComponent(input.id)}/verify`,
    { token: input.token },
    { auth: false },
  );
}
