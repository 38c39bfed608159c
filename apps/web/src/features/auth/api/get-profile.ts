import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ProfileResponse } from '@snaptrack/contracts/core';

export type { ProfileResponse } from '@snaptrack/contracts/core';
/** GET /api/user/profile */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<ProfileResponse> {
  return api.get<ProfileResponse>('/user/profile', { signal });
}

/** The only source of the profile's query key. */
export function getProfileQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

type UseProfileOptions = { queryConfig?: QueryConfig<typeof getProfileQueryOptions> };

export function useProfile({ queryConfig }: UseProfileOptions = {}) {
  return useQuery({ ...getProfileQueryOptions(), ...queryConfig });
}
