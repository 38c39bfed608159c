import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { UserSettingsResponse } from '@snaptrack/contracts/core';

/** GET /api/user/settings: receipt address, entity names, tags. */
export async function getSettings({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<UserSettingsResponse>('/user/settings', { signal });
  return body.settings;
}

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'settings'],
    queryFn: ({ signal }) => getSettings({ signal }),
  });
}

type UseSettingsOptions = { queryConfig?: QueryConfig<typeof getSettingsQueryOptions> };

export function useSettings({ queryConfig }: UseSettingsOptions = {}) {
  return useQuery({ ...getSettingsQueryOptions(), ...queryConfig });
}
