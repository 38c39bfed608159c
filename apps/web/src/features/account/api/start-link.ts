import { api } from '@/lib/api-client';
import type { OidcProviderId, OidcStartResponse } from '@snaptrack/contracts/core';

/** GET /api/auth/oidc/{provider}/start?mode=link: where to send the browser to link. */
export async function startLink(provider: OidcProviderId): Promise<string> {
  const { url } = await api.get<OidcStartResponse>(`/auth/oidc/${provider}/start`, {
    query: { mode: 'link' },
  });
  return url;
}
