import { getSession, subscribeSession } from '../session-store';
import { forgetPersistedQueries } from './query-persister';

/**
 * Keeps the dashboard data persisted for offline use in step with the session: an account that
 * signs out (or is replaced by another) loses its persisted copy. (The offline upload queue
 * keeps its own copy of the session for the service worker: features/offline-capture.)
 */
function signedInUserId(): string | null {
  const { token, user } = getSession();
  return token && user ? user.id : null;
}

export function startOfflineSessionSync(): () => void {
  let previous = signedInUserId();
  return subscribeSession(() => {
    const current = signedInUserId();
    if (previous && previous !== current) void forgetPersistedQueries(previous);
    previous = current;
  });
}
