import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { createQueryClient } from '@/lib/react-query';
import { PERSISTED_QUERIES_MAX_AGE, userQueryPersister } from '@/lib/offline/query-persister';

// Bumped when a cached response's shape changes: older caches are then dropped.
const CACHE_SHAPE = '1';

/**
 * App-wide providers; the outermost error boundary catches what the router does not. The query
 * cache is kept in IndexedDB for the signed-in account, so the dashboard opens offline.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={() => <MainErrorFallback />}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: userQueryPersister,
          maxAge: PERSISTED_QUERIES_MAX_AGE,
          buster: CACHE_SHAPE,
        }}
      >
        {children}
      </PersistQueryClientProvider>
    </ErrorBoundary>
  );
}
