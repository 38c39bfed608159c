import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** GET /api/tags: every tag the user has. */
export async function getTags({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<{ tags: string[] }>('/tags', { signal });
  return body.tags;
}

export function getTagsQueryOptions() {
  return queryOptions({
    queryKey: ['tags', 'all'],
    queryFn: ({ signal }) => getTags({ signal }),
  });
}

type UseTagsOptions = { queryConfig?: QueryConfig<typeof getTagsQueryOptions> };

export function useTags({ queryConfig }: UseTagsOptions = {}) {
  return useQuery({ ...getTagsQueryOptions(), ...queryConfig });
}
