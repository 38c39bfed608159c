import { api } from '@/lib/api-client';

export type SocialProvider = 'google' | 'apple';

/**
 * GET /api/auth/oidc/{provider}/start?response=json: the provider's authorization URL (the
 * gateway also sets the cookie that ties the flow to this browser). The caller navigates there.
 */
export async function startSocialSignIn(provider: SocialProvider): Promise<string> {
  const { url } = await api.get<{ url: string }>(`/auth/oidc/${provider}/start`, {
    auth: false,
    query: { response: 'json' },
  });
  return url;
}
