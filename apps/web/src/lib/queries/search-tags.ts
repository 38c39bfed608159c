import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/** 5 popular tags, or 8 search results: what fits under the tag field without scrolling. */
export const POPULAR_TAGS = 5;
export const SEARCH_TAGS = 8;

/** GET /api/tags/search?limit=5 (popular) or ?q=&limit=8 (search). */
export async function searchTags(q: string, { signal }: { signal?: AbortSignal } = {}) {
  const query = q.trim() ? { q: q.trim(), limit: SEARCH_TAGS } : { limit: POPULAR_TAGS };
  const body = await api.get<{ tags: string[] }>('/tags/search', { query, signal });
  return body.tags;
}

export function searchTagsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['tags', 'search', q.trim().toLowerCase()],
    queryFn: ({ signal }) => searchTags(q, { signal }),
  });
}

type UseTagSuggestionsOptions = {
  q: string;
  queryConfig?: QueryConfig<typeof searchTagsQueryOptions>;
};

export function useTagSuggestions({ q, queryConfig }: UseTagSuggestionsOptions) {
  return useQuery({ ...searchTagsQueryOptions(q), ...queryConfig });
}
