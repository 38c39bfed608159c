import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

const defaultOptions: DefaultOptions = {
  queries: {
    staleTime: 30_000,
    // As long as the persisted copy (lib/offline/query-persister.ts): a query dropped from
    // memory earlier would be missing from the dashboard opened offline.
    gcTime: 7 * 24 * 60 * 60 * 1000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  },
  mutations: {
    retry: false,
  },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions });
}

/**
 * Extra options a caller may pass to an endpoint's query hook, typed from that endpoint's
 * queryOptions factory; its key and fetcher stay fixed.
 */
export type QueryConfig<TFactory extends (...args: never[]) => unknown> = Omit<
  ReturnType<TFactory>,
  'queryKey' | 'queryFn'
>;

/** Extra options a caller may pass to an endpoint's mutation hook. */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
