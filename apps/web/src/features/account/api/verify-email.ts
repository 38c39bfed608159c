import { api } from '@/lib/api-client';
import type { UserEmail } from './get-emails';

/** POST /api/user/emails/{id}/verify (public): the link from the verification mail. */
export function verifyEmail(input: { id: string; token: string }) {
  return api.post<{ success: boolean; email: UserEmail }>(
    `/user/emails/${encodeURIComponent(input.id)}/verify`,
    { token: input.token },
    { auth: false },
  );
}
