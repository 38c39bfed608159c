import { loadQueueOwner } from './queue-owner';
import { sendUploadQueue } from './send-upload-queue';

/**
 * Background Sync, in the service worker: the queue goes up even when no SnapTrack tab is open,
 * with the session the page mirrored for it. A rejection asks the browser to try again later.
 */
export async function sendQueueInBackground(): Promise<void> {
  const owner = await loadQueueOwner();
  if (!owner) return;
  const waiting = await sendUploadQueue(owner);
  if (waiting > 0) throw new Error(`${waiting} receipts still waiting`);
}
