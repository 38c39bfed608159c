import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProvidersResponse } from '@snaptrack/contracts/core';

export type { ProvidersResponse } from '@snaptrack/contracts/core';

/** GET /api/auth/providers (public): which sign-in buttons the server can serve. */
export function getProviders(): Promise<ProvidersResponse> {
  return api.get<ProvidersResponse>('/auth/providers', { auth: false });
}

export function getProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: getProviders,
    staleTime: 5 * 60_000,
  });
}

export function useProviders() {
  return useQuery(getProvidersQueryOptions());
}
