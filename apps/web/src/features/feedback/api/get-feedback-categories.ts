import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FeedbackCategoriesResponse, FeedbackType } from '@snaptrack/contracts/core';

export type { FeedbackCategoryOption as FeedbackCategory } from '@snaptrack/contracts/core';

/** GET /api/feedback/categories?type= */
export async function getFeedbackCategories(
  type: FeedbackType,
  { signal }: { signal?: AbortSignal } = {},
) {
  const body = await api.get<FeedbackCategoriesResponse>('/feedback/categories', {
    signal,
    auth: false,
    query: { type },
  });
  return body.data.categories;
}

export function getFeedbackCategoriesQueryOptions(type: FeedbackType) {
  return queryOptions({
    queryKey: ['feedback', 'categories', type],
    queryFn: ({ signal }) => getFeedbackCategories(type, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useFeedbackCategories(type: FeedbackType | '', enabled: boolean) {
  return useQuery({
    ...getFeedbackCategoriesQueryOptions(type || 'general_rating'),
    enabled: enabled && Boolean(type),
  });
}
