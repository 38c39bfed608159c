import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSuccess, SignInMethodsResponse } from '@snaptrack/contracts/core';

export type { SignInMethod } from '@snaptrack/contracts/core';

/** GET /api/auth/sign-in-methods with the token: this account's own methods. */
export function getSignInMethods(): Promise<ApiSuccess<SignInMethodsResponse>> {
  return api.get('/auth/sign-in-methods');
}

export function getSignInMethodsQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'sign-in-methods'], queryFn: getSignInMethods });
}

export function useSignInMethods() {
  return useQuery(getSignInMethodsQueryOptions());
}
