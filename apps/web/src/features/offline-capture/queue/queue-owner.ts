import { createStore, del, get, set } from 'idb-keyval';

// The service worker cannot read localStorage: Background Sync sends the queue with the
// session mirrored here. Written on every sign-in, removed on sign-out (queue-owner-sync.ts).

/** Whose queue is sent, and with which token. */
export interface QueueOwner {
  userId: string;
  token: string;
}

const store = createStore('snaptrack-offline-session', 'session');
const KEY = 'owner';

export function saveQueueOwner(owner: QueueOwner | null): Promise<void> {
  return owner ? set(KEY, owner, store) : del(KEY, store);
}

export async function loadQueueOwner(): Promise<QueueOwner | null> {
  const owner = await get<QueueOwner>(KEY, store);
  return owner?.token && owner.userId ? owner : null;
}
