import { api } from '@/lib/api-client';
import type { OidcResultResponse } from '@snaptrack/contracts/core';

/** POST /api/auth/oidc/result: the outcome of a link the provider sent us back from. */
export function linkResult(code: string): Promise<OidcResultResponse> {
  return api.post('/auth/oidc/result', { code }, { auth: false });
}
