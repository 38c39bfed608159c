import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a change on the server: marks every query under these keys stale and fetches again the
 * ones on screen. Fetches in flight are cancelled first, because TanStack Query reuses a query's
 * first fetch (one without data yet) rather than start another, and the server may have read that
 * one before the change: the dashboard's first summary, still loading when the first visit's
 * home currency is stored, would then stay in the old currency.
 */
export async function reloadQueries(queryClient: QueryClient, ...queryKeys: QueryKey[]) {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
