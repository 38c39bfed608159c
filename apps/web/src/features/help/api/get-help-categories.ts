import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { HelpCategoryListResponse } from '@snaptrack/contracts/core';

/** Public GET /api/help/categories */
export async function getHelpCategories({ signal }: { signal?: AbortSignal } = {}) {
  const body = await api.get<HelpCategoryListResponse>('/help/categories', {
    signal,
    auth: false,
  });
  return body.categories;
}

export function getHelpCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['help', 'categories'],
    queryFn: ({ signal }) => getHelpCategories({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useHelpCategories({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getHelpCategoriesQueryOptions(), enabled });
}
