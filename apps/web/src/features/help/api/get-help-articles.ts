import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HelpArticleListResponse, HelpArticlesFilter } from '@snaptrack/contracts/core';

export type { HelpArticlesFilter } from '@snaptrack/contracts/core';

/** Public GET /api/help/content?category&search: a category's articles or search hits. */
export async function getHelpArticles(
  filter: HelpArticlesFilter,
  { signal }: { signal?: AbortSignal } = {},
) {
  const body = await api.get<HelpArticleListResponse>('/help/content', {
    signal,
    auth: false,
    query: { category: filter.category, search: filter.search },
  });
  return body.articles;
}

export function getHelpArticlesQueryOptions(filter: HelpArticlesFilter) {
  return queryOptions({
    queryKey: ['help', 'articles', filter.category ?? null, filter.search ?? null],
    queryFn: ({ signal }) => getHelpArticles(filter, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useHelpArticles(filter: HelpArticlesFilter, { enabled = true } = {}) {
  return useQuery({
    ...getHelpArticlesQueryOptions(filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}
