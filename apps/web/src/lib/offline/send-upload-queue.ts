import { parseApiError } from '../api-error';
import {
  announceSent,
  heldLocks,
  listQueuedReceipts,
  removeQueuedReceipt,
  updateQueuedReceipt,
  type QueuedReceipt,
} from './upload-queue';

export interface QueueOwner {
  userId: string;
  token: string;
}

export const QueueReasons = {
  offline: 'No connection: it goes up when you are back online.',
  signIn: 'Sign in again to send it.',
  busy: 'The server is busy: it will be tried again.',
  /** An upload limit reached: the receipt goes up by itself at `at` (epoch ms). */
  limit: (at: number) =>
    `Upload limit reached: it goes up by itself after ${new Date(at).toLocaleTimeString(undefined, {
      hour: '2-digit',
      minute: '2-digit',
    })}.`,
} as const;

/** Seconds to wait on a 429 that names none (the gateway always does). */
const DEFAULT_RETRY_SECONDS = 60;

function retryAfterSeconds(body: unknown): number {
  const details = (body as { error?: { details?: { retry_after_seconds?: unknown } } } | null)
    ?.error?.details;
  return Number(details?.retry_after_seconds) || DEFAULT_RETRY_SECONDS;
}

type Outcome = 'sent' | 'stop' | 'next';

/** Answers that say "later", not "never": the receipt stays waiting. */
function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

async function sendOne(item: QueuedReceipt, owner: QueueOwner): Promise<Outcome> {
  // Whatever held it is gone: from now on it is the queue's, like any receipt kept offline.
  await updateQueuedReceipt(item.id, {
    status: 'sending',
    reason: undefined,
    notBefore: undefined,
    heldBy: undefined,
  });
  const form = new FormData();
  form.append('entity', item.entity);
  form.append('image', item.blob, item.filename);
  let response: Response;
  try {
    response = await fetch('/api/parse', {
      method: 'POST',
      body: form,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${owner.token}`,
        'Idempotency-Key': item.id,
      },
    });
  } catch {
    await updateQueuedReceipt(item.id, { status: 'waiting', reason: QueueReasons.offline });
    return 'stop';
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    await removeQueuedReceipt(item.id);
    const expenseId = (body as { expense?: { id?: unknown } } | null)?.expense?.id;
    if (typeof expenseId === 'string') announceSent(item.id, expenseId);
    return 'sent';
  }
  if (response.status === 401) {
    await updateQueuedReceipt(item.id, { status: 'waiting', reason: QueueReasons.signIn });
    return 'stop';
  }
  if (response.status === 429) {
    const notBefore = Date.now() + retryAfterSeconds(body) * 1000;
    await updateQueuedReceipt(item.id, {
      status: 'waiting',
      reason: QueueReasons.limit(notBefore),
      notBefore,
    });
    return 'stop';
  }
  if (isTransient(response.status)) {
    await updateQueuedReceipt(item.id, { status: 'waiting', reason: QueueReasons.busy });
    return 'stop';
  }
  // Refused for good (no subscription, not a receipt, quota): kept with the reason and a Retry.
  const reason = parseApiError(response.status, body).message;
  await updateQueuedReceipt(item.id, { status: 'failed', reason });
  return 'next';
}

/** One sender at a time across tabs and the service worker (the Idempotency-Key guards the rest). */
async function exclusively(task: () => Promise<number>): Promise<number> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request('snaptrack-upload-queue', task);
  }
  return task();
}

/**
 * Sends the owner's waiting receipts, oldest first; stops at the first sign that the network or
 * the session is not there. A receipt an open page's bulk upload holds is that page's to send,
 * and one under an upload limit waits until its time. Resolves with how many are still waiting.
 */
export function sendUploadQueue(owner: QueueOwner): Promise<number> {
  return exclusively(async () => {
    let waiting = 0;
    let stopped = false;
    const held = await heldLocks();
    for (const item of await listQueuedReceipts(owner.userId)) {
      if (item.status === 'failed') continue;
      // 'sending' left over from a closed tab is waiting again: nobody else holds the lock.
      const notYet =
        (item.heldBy !== undefined && held.has(item.heldBy)) ||
        (item.notBefore !== undefined && item.notBefore > Date.now());
      if (stopped || notYet) {
        waiting++;
        continue;
      }
      const outcome = await sendOne(item, owner);
      if (outcome === 'stop') {
        stopped = true;
        waiting++;
      }
    }
    return waiting;
  });
}

/** Retry of a failed receipt: back to waiting, then a send. */
export async function retryQueuedReceipt(id: string, owner: QueueOwner): Promise<number> {
  await updateQueuedReceipt(id, { status: 'waiting', reason: undefined });
  return sendUploadQueue(owner);
}
