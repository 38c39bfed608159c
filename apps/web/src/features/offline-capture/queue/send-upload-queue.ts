import { isApiError } from '../../../lib/api-error';
import { isTransientUploadError, retryAfterMs, sendReceipt } from '../../../lib/receipt-upload';
import type { QueueOwner } from './queue-owner';
import {
  announceSent,
  heldLocks,
  listQueuedReceipts,
  removeQueuedReceipt,
  updateQueuedReceipt,
  type QueuedReceipt,
} from './upload-queue';

// Relative imports: the service worker's build (vite-plugin-pwa) bundles this file too.

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

type Outcome = 'sent' | 'stop' | 'next';

/** Where a receipt stands after a failed try, and whether the queue goes on with the next. */
async function keepAfterFailure(id: string, caught: unknown): Promise<Outcome> {
  if (!isApiError(caught) || caught.status === 0) {
    await updateQueuedReceipt(id, { status: 'waiting', reason: QueueReasons.offline });
    return 'stop';
  }
  if (caught.status === 401) {
    await updateQueuedReceipt(id, { status: 'waiting', reason: QueueReasons.signIn });
    return 'stop';
  }
  if (caught.status === 429) {
    const notBefore = Date.now() + retryAfterMs(caught);
    await updateQueuedReceipt(id, {
      status: 'waiting',
      reason: QueueReasons.limit(notBefore),
      notBefore,
    });
    return 'stop';
  }
  // Answers that say "later", not "never" (408, 5xx): the receipt stays waiting.
  if (isTransientUploadError(caught)) {
    await updateQueuedReceipt(id, { status: 'waiting', reason: QueueReasons.busy });
    return 'stop';
  }
  // Refused for good (no subscription, not a receipt, quota): kept with the reason and a Retry.
  await updateQueuedReceipt(id, { status: 'failed', reason: caught.message });
  return 'next';
}

async function sendOne(item: QueuedReceipt, owner: QueueOwner): Promise<Outcome> {
  const { id, entity, filename, blob } = item;
  // Whatever held it is gone: from now on it is the queue's, like any receipt kept offline.
  await updateQueuedReceipt(id, {
    status: 'sending',
    reason: undefined,
    notBefore: undefined,
    heldBy: undefined,
  });
  let expenseId: string;
  try {
    const expense = await sendReceipt(
      { blob, filename, entity, idempotencyKey: id },
      { token: owner.token },
    );
    expenseId = expense.id;
  } catch (caught) {
    return keepAfterFailure(id, caught);
  }
  await removeQueuedReceipt(id);
  announceSent(id, expenseId);
  return 'sent';
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
