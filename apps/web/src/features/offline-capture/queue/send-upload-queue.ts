import { sendReceipt } from '../../../lib/receipt-upload';
import { afterFailure } from './queue-policy';
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

type Outcome = 'sent' | 'stop' | 'next';

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
    const { change, outcome } = afterFailure(caught);
    await updateQueuedReceipt(id, change);
    return outcome;
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
