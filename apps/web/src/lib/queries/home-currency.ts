import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig, QueryConfig } from '@/lib/react-query';
import { EXPENSES_KEY } from './expenses-key';
import { reloadQueries } from './reload-queries';
import type {
  HomeCurrency,
  HomeCurrencyChange,
  HomeCurrencyResponse,
} from '@snaptrack/contracts/core';

// App-wide: Settings sets it, the expense editor and the totals read it.

/** GET /api/user/currency. */
export async function getHomeCurrency({ signal }: { signal?: AbortSignal } = {}) {
  const { home_currency, home_currency_set, locale } = await api.get<HomeCurrencyResponse>(
    '/user/currency',
    { signal },
  );
  return { home_currency, home_currency_set, locale } satisfies HomeCurrency;
}

export function getHomeCurrencyQueryOptions() {
  return queryOptions({
    queryKey: ['home-currency'],
    queryFn: ({ signal }) => getHomeCurrency({ signal }),
  });
}

type UseHomeCurrencyOptions = { queryConfig?: QueryConfig<typeof getHomeCurrencyQueryOptions> };

export function useHomeCurrency({ queryConfig }: UseHomeCurrencyOptions = {}) {
  return useQuery({ ...getHomeCurrencyQueryOptions(), ...queryConfig });
}

/** PUT /api/user/currency; answers with what is stored. */
export async function updateHomeCurrency(change: HomeCurrencyChange): Promise<HomeCurrency> {
  const { home_currency, home_currency_set, locale } = await api.put<HomeCurrencyResponse>(
    '/user/currency',
    change,
  );
  return { home_currency, home_currency_set, locale };
}

type UseUpdateHomeCurrencyOptions = {
  mutationConfig?: MutationConfig<HomeCurrency, HomeCurrencyChange>;
};

/** The home currency each change was sent under, read when it was sent (see below). */
const sentUnder = new WeakMap<HomeCurrencyChange, string | undefined>();

/** Stores the server's answer; totals and statistics are in the home currency, so they reload. */
export function useUpdateHomeCurrency({ mutationConfig }: UseUpdateHomeCurrencyOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  const { queryKey } = getHomeCurrencyQueryOptions();
  return useMutation({
    ...rest,
    mutationFn: (change: HomeCurrencyChange) => {
      // Read before sending: a refetch landing while the PUT is in flight already brings the
      // new currency, and compared with that the totals loaded before would never reload.
      sentUnder.set(change, queryClient.getQueryData(queryKey)?.home_currency);
      return updateHomeCurrency(change);
    },
    onSuccess: async (stored, change, ...args) => {
      const before = sentUnder.get(change);
      queryClient.setQueryData(queryKey, stored);
      // The first visit's default (only_if_unset) that kept the same currency changed no total:
      // reloading the dashboard's lists then would only cost the page its first seconds.
      const unchanged = change.only_if_unset && before === stored.home_currency;
      if (!unchanged) {
        await reloadQueries(queryClient, EXPENSES_KEY, ['statistics'], ['export']);
      }
      await onSuccess?.(stored, change, ...args);
    },
  });
}
