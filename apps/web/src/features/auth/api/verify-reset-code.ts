import { api } from '@/lib/api-client';

/** POST /api/auth/password-reset/verify: the account's email for a valid code. */
export function verifyResetCode(oobCode: string): Promise<{ success: boolean; email: string }> {
  return api.post('/auth/password-reset/verify', { oobCode }, { auth: false });
}
