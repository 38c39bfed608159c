import { createStore, del, get, set, values } from 'idb-keyval';

// Receipts captured without a network wait here (IndexedDB: survives a reload and a closed
// tab) until they reach POST /api/parse. Used by the page and by the service worker, so this
// module touches no window-only API.

export type QueuedReceiptStatus = 'waiting' | 'sending' | 'failed';

export interface QueuedReceipt {
  /** Also the upload's Idempotency-Key: a resend never makes a second expense. */
  id: string;
  /** The account that captured it: only that account sees or sends it. */
  userId: string;
  entity: string;
  filename: string;
  blob: Blob;
  createdAt: string;
  status: QueuedReceiptStatus;
  /** Why the last attempt did not get through, in words for the user. */
  reason?: string;
  /** Not sent before this time (epoch ms): the server's Retry-After of an upload limit. */
  notBefore?: number;
  /**
   * The Web Lock of the page whose bulk upload keeps it while waiting out a limit: while that
   * page lives, it sends the file itself; once it is closed, the queue does.
   */
  heldBy?: string;
}

/** The Background Sync tag under which the service worker sends the queue. */
export const UPLOAD_SYNC_TAG = 'snaptrack-upload-queue';

const store = createStore('snaptrack-upload-queue', 'receipts');
const CHANNEL = 'snaptrack-upload-queue';
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));

/** Tells this context and every other one (tabs, the service worker) that the queue moved. */
function announce(): void {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

export function subscribeUploadQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A kept receipt reached the server: its queue id (the Idempotency-Key) and the new expense. */
export type SentListener = (id: string, expenseId: string) => void;

type SentMessage = { kind: 'sent'; id: string; expenseId: string };

const sentListeners = new Set<SentListener>();
channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as Partial<SentMessage> | null;
  if (data?.kind === 'sent' && typeof data.id === 'string' && typeof data.expenseId === 'string') {
    const { id, expenseId } = data;
    sentListeners.forEach((listener) => listener(id, expenseId));
  }
});

/**
 * Tells every context which kept receipt became which expense, so the page that kept it can
 * follow that expense (whoever sent it: this page, another tab or the service worker).
 */
export function announceSent(id: string, expenseId: string): void {
  sentListeners.forEach((listener) => listener(id, expenseId));
  channel?.postMessage({ kind: 'sent', id, expenseId } satisfies SentMessage);
}

export function subscribeSentReceipts(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export async function listQueuedReceipts(userId: string): Promise<QueuedReceipt[]> {
  const all = await values<QueuedReceipt>(store);
  return all
    .filter((item) => item.userId === userId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function enqueueReceipt(
  receipt: Omit<QueuedReceipt, 'status' | 'createdAt'> & { reason?: string },
): Promise<void> {
  const queued: QueuedReceipt = {
    ...receipt,
    status: 'waiting',
    createdAt: new Date().toISOString(),
  };
  await set(receipt.id, queued, store);
  announce();
}

export async function updateQueuedReceipt(
  id: string,
  change: Partial<Pick<QueuedReceipt, 'status' | 'reason' | 'notBefore' | 'heldBy'>>,
): Promise<void> {
  const current = await get<QueuedReceipt>(id, store);
  if (!current) return;
  await set(id, { ...current, ...change }, store);
  announce();
}

export async function removeQueuedReceipt(id: string): Promise<void> {
  await del(id, store);
  announce();
}

/** The names of the Web Locks held now, in any tab or worker of this origin. */
export async function heldLocks(): Promise<Set<string>> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return new Set();
  const { held = [] } = await navigator.locks.query();
  return new Set(held.flatMap((lock) => (lock.name ? [lock.name] : [])));
}
