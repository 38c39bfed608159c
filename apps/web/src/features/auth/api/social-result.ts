import { api } from '@/lib/api-client';
import type { ProductUser } from '@/types/api';

export type SocialResult =
  | { kind: 'signin'; provider: 'google' | 'apple'; token: string; user: ProductUser }
  | { kind: 'link'; provider: 'google' | 'apple'; methods: string[] };

/** POST /api/auth/oidc/result: trades the one-time `oidc_result` code for the outcome. */
export function getSocialResult(code: string): Promise<SocialResult> {
  return api.post<SocialResult>('/auth/oidc/result', { code }, { auth: false });
}
