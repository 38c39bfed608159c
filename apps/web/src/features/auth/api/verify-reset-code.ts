import { api } from '@/lib/api-client';
import type { PasswordResetVerifyResponse } from '@snaptrack/contracts/core';

/** POST /api/auth/password-reset/verify: the account's email for a valid code. */
export function verifyResetCode(oobCode: string): Promise<PasswordResetVerifyResponse> {
  return api.post('/auth/password-reset/verify', { oobCode }, { auth: false });
}
