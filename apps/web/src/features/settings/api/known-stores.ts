import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type {
  KnownStoreChanges,
  KnownStoreListResponse,
  KnownStoreResponse,
  SuccessResponse,
} from '@snaptrack/contracts/core';

/** GET /api/stores: the stores the user's corrections taught (Settings). */
export function getKnownStoresQueryOptions() {
  return queryOptions({
    queryKey: ['stores'],
    queryFn: ({ signal }) => api.get<KnownStoreListResponse>('/stores', { signal }),
  });
}

export function useKnownStores({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getKnownStoresQueryOptions(), enabled });
}

export type UpdateKnownStoreVariables = { id: string; changes: KnownStoreChanges };

/** PATCH /api/stores/{id}: what the store's next receipts get. */
export function useUpdateKnownStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: UpdateKnownStoreVariables) =>
      api.patch<KnownStoreResponse>(`/stores/${encodeURIComponent(id)}`, changes),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getKnownStoresQueryOptions().queryKey }),
  });
}

/** DELETE /api/stores/{id}: SnapTrack forgets the store. */
export function useForgetKnownStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<SuccessResponse>(`/stores/${encodeURIComponent(id)}`),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getKnownStoresQueryOptions().queryKey }),
  });
}
