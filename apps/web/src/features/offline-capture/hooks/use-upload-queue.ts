import { useCallback, useEffect, useMemo, useState } from 'react';
import { requestUploadSync } from '../queue/background-sync';
import type { QueueOwner } from '../queue/queue-owner';
import { QueueReasons } from '../queue/queue-policy';
import { retryQueuedReceipt, sendUploadQueue } from '../queue/send-upload-queue';
import { holdForThisPage, PAGE_HOLD } from '../queue/upload-hold';
import {
  enqueueReceipt,
  listQueuedReceipts,
  removeQueuedReceipt,
  subscribeUploadQueue,
  type QueuedReceipt,
} from '../queue/upload-queue';
import { useOnline } from './use-online';

export interface ReceiptToKeep {
  blob: Blob;
  filename: string;
  entity: string;
  idempotencyKey: string;
}

/** A receipt as the queue stores it: its Idempotency-Key is its id. */
function queueEntry(receipt: ReceiptToKeep, userId: string) {
  const { idempotencyKey: id, entity, filename, blob } = receipt;
  return { id, userId, entity, filename, blob };
}

/**
 * The signed-in account's offline queue: what waits, and the actions on it. The queue is sent
 * on every visit, whenever the browser comes back online, when an upload limit's wait is over,
 * and by Background Sync where the browser has it; `onSent` hears when receipts went up (to
 * refresh the expense list). `hold` and `release` keep the files a bulk upload of this page
 * waits with (a 429) in the same queue, so a closed tab loses none: this page's upload card
 * shows and sends them while it lives, so its list leaves them out.
 */
export function useUploadQueue(userId: string | null, token: string | null, onSent?: () => void) {
  const online = useOnline();
  const [items, setItems] = useState<QueuedReceipt[]>([]);
  const owner = useMemo<QueueOwner | null>(
    () => (userId && token ? { userId, token } : null),
    [userId, token],
  );

  useEffect(() => {
    if (!userId) {
      setItems([]);
      return;
    }
    let live = true;
    const load = () =>
      void listQueuedReceipts(userId).then((list) => {
        if (live) setItems(list);
      });
    load();
    const unsubscribe = subscribeUploadQueue(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);

  const send = useCallback(
    async (run: (owner: QueueOwner) => Promise<number>) => {
      if (!owner) return;
      const before = (await listQueuedReceipts(owner.userId)).length;
      await run(owner);
      const after = (await listQueuedReceipts(owner.userId)).length;
      if (after < before) onSent?.();
    },
    [owner, onSent],
  );

  // Every visit and every return of the connection sends what waits.
  useEffect(() => {
    if (online) void send(sendUploadQueue);
  }, [online, send]);

  // A receipt under an upload limit goes when its wait is over (this page's own are the card's).
  const nextDue = Math.min(
    ...items
      .filter((item) => item.heldBy !== PAGE_HOLD && item.status === 'waiting')
      .map((item) => item.notBefore ?? Infinity),
  );
  useEffect(() => {
    if (!online || !Number.isFinite(nextDue)) return;
    const timer = setTimeout(() => void send(sendUploadQueue), Math.max(0, nextDue - Date.now()));
    return () => clearTimeout(timer);
  }, [online, nextDue, send]);

  const keep = useCallback(
    async (receipt: ReceiptToKeep) => {
      if (!owner) throw new Error('Not signed in');
      await enqueueReceipt(queueEntry(receipt, owner.userId));
      void requestUploadSync();
      // The network may be back already (a failed upload is not always an offline browser).
      if (navigator.onLine) void send(sendUploadQueue);
    },
    [owner, send],
  );

  const hold = useCallback(
    async (receipt: ReceiptToKeep, until: number) => {
      if (!owner) throw new Error('Not signed in');
      await holdForThisPage();
      await enqueueReceipt({
        ...queueEntry(receipt, owner.userId),
        reason: QueueReasons.limit(until),
        notBefore: until,
        heldBy: PAGE_HOLD,
      });
    },
    [owner],
  );

  return {
    items: items.filter((item) => item.heldBy !== PAGE_HOLD),
    online,
    keep,
    hold,
    /** This page's file went up or was refused: no longer kept for it. */
    release: (id: string) => void removeQueuedReceipt(id),
    retry: (id: string) => void send((current) => retryQueuedReceipt(id, current)),
    discard: (id: string) => void removeQueuedReceipt(id),
  };
}
