import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ListedEntity } from '@/types/api';

/** GET /api/entities: Personal first, then by name, each with its expense count. */
export async function getEntities({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<{ entities: ListedEntity[] }>('/entities', { signal });
  return body.entities;
}

export function getEntitiesQueryOptions() {
  return queryOptions({
    queryKey: ['entities'],
    queryFn: ({ signal }) => getEntities({ signal }),
  });
}

type UseEntitiesOptions = { queryConfig?: QueryConfig<typeof getEntitiesQueryOptions> };

export function useEntities({ queryConfig }: UseEntitiesOptions = {}) {
  return useQuery({ ...getEntitiesQueryOptions(), ...queryConfig });
}
