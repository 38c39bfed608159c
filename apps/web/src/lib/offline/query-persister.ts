import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { getSession } from '../session-store';

// react-query's cache in IndexedDB, so the dashboard opens offline with the last data it saw.
// One record per account, keyed by its id: another account never restores it, and signing
// out deletes it (session-sync.ts).

const store = createStore('snaptrack-query-cache', 'clients');
const key = (userId: string) => `user:${userId}`;

/** Kept a week: a trip without signal still opens with its data. */
export const PERSISTED_QUERIES_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

function currentUserId(): string | null {
  const { token, user } = getSession();
  return token && user ? user.id : null;
}

export const userQueryPersister: Persister = {
  async persistClient(client: PersistedClient) {
    const userId = currentUserId();
    if (userId) await set(key(userId), client, store);
  },
  async restoreClient() {
    // Online, a (re)load asks the server as it always did: a restored copy counts as fresh for
    // staleTime and would show what was true before the reload (a subscription that has since
    // gone past due, a banner already dismissed). The copy is for opening without a network.
    if (navigator.onLine) return undefined;
    const userId = currentUserId();
    return userId ? get<PersistedClient>(key(userId), store) : undefined;
  },
  async removeClient() {
    const userId = currentUserId();
    if (userId) await del(key(userId), store);
  },
};

export function forgetPersistedQueries(userId: string): Promise<void> {
  return del(key(userId), store);
}
