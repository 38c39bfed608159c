import { api } from '@/lib/api-client';
import type { OidcProviderId, OidcStartResponse } from '@snaptrack/contracts/core';

export type { OidcProviderId as SocialProvider } from '@snaptrack/contracts/core';

/**
 * GET /api/auth/oidc/{provider}/start?response=json: the provider's authorization URL (the
 * gateway also sets the cookie that ties the flow to this browser). The caller navigates there.
 */
export async function startSocialSignIn(provider: OidcProviderId): Promise<string> {
  const { url } = await api.get<OidcStartResponse>(`/auth/oidc/${provider}/start`, {
    auth: false,
    query: { response: 'json' },
  });
  return url;
}
