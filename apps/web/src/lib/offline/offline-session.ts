import { createStore, del, get, set } from 'idb-keyval';
import type { QueueOwner } from './send-upload-queue';

// The service worker cannot read localStorage: Background Sync sends the queue with the
// session mirrored here. Written on every sign-in, removed on sign-out (session-sync.ts).

const store = createStore('snaptrack-offline-session', 'session');
const KEY = 'owner';

export function saveQueueOwner(owner: QueueOwner | null): Promise<void> {
  return owner ? set(KEY, owner, store) : del(KEY, store);
}

export async function loadQueueOwner(): Promise<QueueOwner | null> {
  const owner = await get<QueueOwner>(KEY, store);
  return owner?.token && owner.userId ? owner : null;
}
