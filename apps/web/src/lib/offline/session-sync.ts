import { getSession, subscribeSession } from '../session-store';
import { saveQueueOwner } from './offline-session';
import { forgetPersistedQueries } from './query-persister';

function ownerOf(session: ReturnType<typeof getSession>) {
  return session.token && session.user ? { userId: session.user.id, token: session.token } : null;
}

/**
 * Keeps what is stored for offline use in step with the session: the service worker's copy of
 * the session follows every change, and an account that signs out (or is replaced by another)
 * loses its persisted dashboard data. Its waiting receipts stay: they are sent when it signs in
 * again, and nobody else sees them.
 */
export function startOfflineSessionSync(): () => void {
  let previous = ownerOf(getSession())?.userId ?? null;
  void saveQueueOwner(ownerOf(getSession()));
  return subscribeSession(() => {
    const owner = ownerOf(getSession());
    if (previous && previous !== owner?.userId) void forgetPersistedQueries(previous);
    previous = owner?.userId ?? null;
    void saveQueueOwner(owner);
  });
}
