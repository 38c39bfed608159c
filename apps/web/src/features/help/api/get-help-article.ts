import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HelpArticleResponse } from '@snaptrack/contracts/core';

/** Public GET /api/help/article/{key}; the server counts a view. */
export async function getHelpArticle(key: string, { signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<HelpArticleResponse>(`/help/article/${encodeURIComponent(key)}`, {
    signal,
    auth: false,
  });
  return body.article;
}

export function getHelpArticleQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['help', 'article', key],
    queryFn: ({ signal }) => getHelpArticle(key, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useHelpArticle(key: string | null) {
  return useQuery({ ...getHelpArticleQueryOptions(key ?? ''), enabled: Boolean(key) });
}
