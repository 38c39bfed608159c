import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SignInMethod = 'password' | 'google' | 'apple';

/** GET /api/auth/sign-in-methods with the token: this account's own methods. */
export function getSignInMethods(): Promise<{ success: boolean; methods: SignInMethod[] }> {
  return api.get('/auth/sign-in-methods');
}

export function getSignInMethodsQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'sign-in-methods'], queryFn: getSignInMethods });
}

export function useSignInMethods() {
  return useQuery(getSignInMethodsQueryOptions());
}

/** GET /api/auth/oidc/{provider}/start?mode=link: where to send the browser to link. */
export async function startLink(provider: 'google' | 'apple'): Promise<string> {
  const { url } = await api.get<{ url: string }>(`/auth/oidc/${provider}/start`, {
    query: { mode: 'link' },
  });
  return url;
}

/** POST /api/auth/oidc/result: the outcome of a link the provider sent us back from. */
export function linkResult(code: string): Promise<{ kind: string; methods?: SignInMethod[] }> {
  return api.post('/auth/oidc/result', { code }, { auth: false });
}

/** POST /api/auth/logout-everywhere: every session of the account ends. */
export function signOutEverywhere(): Promise<void> {
  return api.post('/auth/logout-everywhere');
}

export function useSignOutEverywhere({ onSettled }: { onSettled: () => void }) {
  return useMutation({ mutationFn: signOutEverywhere, onSettled });
}
