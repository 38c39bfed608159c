import { queryOptions, useQuery } from '@tanstack/react-query';
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
