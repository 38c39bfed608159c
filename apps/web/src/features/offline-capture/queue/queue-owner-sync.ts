import { getSession, subscribeSession } from '@/lib/session-store';
import { saveQueueOwner, type QueueOwner } from './queue-owner';

function ownerOf(session: ReturnType<typeof getSession>): QueueOwner | null {
  return session.token && session.user ? { userId: session.user.id, token: session.token } : null;
}

/**
 * Keeps the service worker's copy of the session in step with the page's: every sign-in,
 * sign-out or switch of account. An account's waiting receipts stay through a sign-out: they
 * are sent when it signs in again, and nobody else sees them.
 */
export function startQueueOwnerSync(): () => void {
  void saveQueueOwner(ownerOf(getSession()));
  return subscribeSession(() => void saveQueueOwner(ownerOf(getSession())));
}
