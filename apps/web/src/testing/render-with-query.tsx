import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';

// findBy/waitFor give up after 1 s by default; on a busy shared machine a first render with
// its queries can take longer. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

/** Renders `ui` under a fresh query client that never retries (a failure shows at once). */
export function renderWithQuery(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { ...result, queryClient };
}
