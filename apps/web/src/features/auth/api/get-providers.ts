import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ProvidersResponse = {
  success: boolean;
  providers: { password: boolean; google: boolean; apple: boolean };
};

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
