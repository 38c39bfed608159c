/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, waitFor } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { signInTestUser, stubApi } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { EXPENSES_KEY } from './expenses-key';
import { getHomeCurrencyQueryOptions, useUpdateHomeCurrency } from './home-currency';

const stored = { success: true, home_currency: 'MYR', home_currency_set: true, locale: 'ms-MY' };
const change = { home_currency: 'MYR', only_if_unset: true, locale: 'ms-MY' };

/** The page as the first visit's default finds it: dollars, never chosen; then the PUT. */
function SendsDefault() {
  const queryClient = useQueryClient();
  const { mutate } = useUpdateHomeCurrency();
  useEffect(() => {
    queryClient.setQueryData(getHomeCurrencyQueryOptions().queryKey, {
      home_currency: 'USD',
      home_currency_set: false,
      locale: null,
    });
    queryClient.setQueryData([...EXPENSES_KEY, 'summary'], { total: 100 });
    mutate(change);
  }, [queryClient, mutate]);
  return null;
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
});
