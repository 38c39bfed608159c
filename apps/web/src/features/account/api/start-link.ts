import { api } from '@/lib/api-client';

/** GET /api/auth/oidc/{provider}/start?mode=link: where to send the browser to link. */
export async function startLink(provider: 'google' | 'apple'): Promise<string> {
  const { url } = await api.get<{ url: string }>(`/auth/oidc/${provider}/start`, {
    query: { mode: 'link' },
  });
  return url;
}
