import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { getSession } from '../session-store';
import { whenIdle } from '../when-idle';

// react-query's cache in IndexedDB, so the dashboard opens offline with the last data it saw.
// One record per account, keyed by its id: another account never restores it, and signing
// out deletes it (session-sync.ts).

const store = createStore('snaptrack-query-cache', 'clients');
const key = (userId: string) => `user:${userId}`;

/** Kept a week: a trip without signal still opens with its data. */
export const PERSISTED_QUERIES_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * react-query hands over the whole cache on every change of any query (each fetch start and
 * end): a page load makes dozens. Writing each (a structured clone of every cached response)
 * took main-thread time while the dashboard drew, so only the newest copy is written, when the
 * browser is next idle (at the latest after this long); leaving the page writes it at once.
 */
const SAVE_WITHIN_MS = 1_000;

function currentUserId(): string | null {
  const { token, user } = getSession();
  return token && user ? user.id : null;
}

let pending: { userId: string; client: PersistedClient } | null = null;
let cancelSave: (() => void) | undefined;

/** Writes the newest copy now, if any (and only for the account still signed in). */
export function flushPersistedQueries(): Promise<void> {
  cancelSave?.();
  cancelSave = undefined;
  const next = pending;
  pending = null;
  if (!next || next.userId !== currentUserId()) return Promise.resolve();
  return set(key(next.userId), next.client, store);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void flushPersistedQueries());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushPersistedQueries();
  });
}

export const userQueryPersister: Persister = {
  persistClient(client: PersistedClient) {
    const userId = currentUserId();
    if (!userId) return Promise.resolve();
    pending = { userId, client };
    cancelSave ??= whenIdle(() => void flushPersistedQueries(), SAVE_WITHIN_MS);
    return Promise.resolve();
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
    if (!userId) return;
    if (pending?.userId === userId) pending = null;
    await del(key(userId), store);
  },
};

export function forgetPersistedQueries(userId: string): Promise<void> {
  if (pending?.userId === userId) pending = null;
  return del(key(userId), store);
}
