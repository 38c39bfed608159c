/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { pendingReply, signInTestUser, stubApi } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { EXPENSES_KEY } from './expenses-key';
import { getHomeCurrencyQueryOptions, useUpdateHomeCurrency } from './home-currency';

const stored = { success: true, home_currency: 'MYR', home_currency_set: true, locale: 'ms-MY' };
const change = { home_currency: 'MYR', only_if_unset: true, locale: 'ms-MY' };

/** The first visit's default: the page finds dollars, never chosen, and sends the PUT. */
function useSendsDefault() {
  const queryClient = useQueryClient();
  const { mutate } = useUpdateHomeCurrency();
  useEffect(() => {
    queryClient.setQueryData(getHomeCurrencyQueryOptions().queryKey, {
      home_currency: 'USD',
      home_currency_set: false,
      locale: null,
    });
    mutate(change);
  }, [queryClient, mutate]);
}

/** A summary already loaded when the default is sent (effects run in order). */
function SendsDefault() {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.setQueryData([...EXPENSES_KEY, 'summary'], { total: 100 });
  }, [queryClient]);
  useSendsDefault();
  return null;
}

/** The dashboard's first visit: its summary starts loading, then the default is sent. */
function FirstVisit() {
  const summary = useQuery({
    queryKey: [...EXPENSES_KEY, 'summary'],
    queryFn: ({ signal }) => api.get<{ home_currency: string }>('/expenses/summary', { signal }),
  });
  useSendsDefault();
  return <p>{summary.data ? `Totals in ${summary.data.home_currency}` : 'Loading'}</p>;
}

beforeEach(() => signInTestUser());
afterEach(cleanup);

describe('useUpdateHomeCurrency', () => {
  it('reloads the totals when the first visit set a new currency, even if a refetch saw it first', async () => {
    let answerPut: (() => void) | undefined;
    const requests = stubApi((request) =>
      request.method === 'PUT' && request.path === '/api/user/currency'
        ? new Promise((resolve) => (answerPut = () => resolve({ body: stored })))
        : undefined,
    );
    const { queryClient } = renderWithQuery(<SendsDefault />);
    const { queryKey } = getHomeCurrencyQueryOptions();
    await waitFor(() => expect(requests.map((request) => request.method)).toEqual(['PUT']));
    // A refetch of the home currency lands while the PUT is in flight: it already says MYR.
    queryClient.setQueryData(queryKey, {
      home_currency: 'MYR',
      home_currency_set: true,
      locale: 'ms-MY',
    });
    answerPut?.();
    await waitFor(() =>
      expect(queryClient.getQueryState([...EXPENSES_KEY, 'summary'])?.isInvalidated).toBe(true),
    );
  });

  it('fetches the summary again when its first fetch was still loading as the PUT landed', async () => {
    const firstSummary = pendingReply();
    const requests = stubApi((request) => {
      if (request.method === 'PUT' && request.path === '/api/user/currency')
        return { body: stored };
      if (request.path !== '/api/expenses/summary') return undefined;
      const earlier = requests.filter((seen) => seen.path === request.path).length;
      return earlier === 1 ? firstSummary.reply : { body: { home_currency: 'MYR' } };
    });
    const { queryClient } = renderWithQuery(<FirstVisit />);
    // Stored, and the totals reloaded in the same step, while the first summary still loads.
    await waitFor(() =>
      expect(queryClient.getQueryData(getHomeCurrencyQueryOptions().queryKey)).toMatchObject({
        home_currency: 'MYR',
      }),
    );
    // The server read that first summary before the PUT: it answers in dollars, late.
    firstSummary.answer({ body: { home_currency: 'USD' } });
    expect(await screen.findByText('Totals in MYR')).not.toBeNull();
    expect(requests.filter((request) => request.path === '/api/expenses/summary')).toHaveLength(2);
  });
});
