import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';
import type { TagCatalogResponse, TagUsage } from '@snaptrack/contracts/core';

export type TagCatalog = { tags: string[]; onExpenses: TagUsage[] };

/** GET /api/tags: the catalogue, and every tag on the user's expenses with its count. */
export async function getTagCatalog({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<Partial<TagCatalogResponse>>('/tags', { signal });
  return { tags: body.tags ?? [], onExpenses: body.onExpenses ?? [] } satisfies TagCatalog;
}

/**
 * Every tag the user can filter by: the catalogue and the tags still on expenses (a tag
 * removed in Settings stays on its expenses), once each ignoring case, by name.
 */
export async function getTags({ signal }: { signal?: AbortSignal } = {}) {
  const { tags, onExpenses } = await getTagCatalog({ signal });
  const byKey = new Map<string, string>();
  for (const tag of [...tags, ...onExpenses.map((usage) => usage.name)]) {
    if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

export function getTagsQueryOptions() {
  return queryOptions({
    queryKey: ['tags', 'all'],
    queryFn: ({ signal }) => getTags({ signal }),
  });
}

export function getTagCatalogQueryOptions() {
  return queryOptions({
    queryKey: ['tags', 'catalog'],
    queryFn: ({ signal }) => getTagCatalog({ signal }),
  });
}

type UseTagsOptions = { queryConfig?: QueryConfig<typeof getTagsQueryOptions> };

export function useTags({ queryConfig }: UseTagsOptions = {}) {
  return useQuery({ ...getTagsQueryOptions(), ...queryConfig });
}

type UseTagCatalogOptions = { queryConfig?: QueryConfig<typeof getTagCatalogQueryOptions> };

export function useTagCatalog({ queryConfig }: UseTagCatalogOptions = {}) {
  return useQuery({ ...getTagCatalogQueryOptions(), ...queryConfig });
}
