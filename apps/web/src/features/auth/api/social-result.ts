import { api } from '@/lib/api-client';
import type { OidcResultResponse } from '@snaptrack/contracts/core';

export type { OidcResultResponse as SocialResult } from '@snaptrack/contracts/core';
/** POST /api/auth/oidc/result: trades the one-time `oidc_result` code for the outcome. */
export function getSocialResult(code: string): Promise<OidcResultResponse> {
  return api.post<OidcResultResponse>('/auth/oidc/result', { code }, { auth: false });
}
