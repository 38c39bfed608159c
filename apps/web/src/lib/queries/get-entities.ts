import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { ExpenseEntity } from '@/types/api';

/** GET /api/entities: Personal first, then by name. */
export async function getEntities({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<{ entities: ExpenseEntity[] }>('/entities', { signal });
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
