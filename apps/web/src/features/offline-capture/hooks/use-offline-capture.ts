import { useCallback, useState } from 'react';
import { subscribeSentReceipts } from '../queue/upload-queue';
import { useUploadQueue } from './use-upload-queue';

/**
 * Offline capture on a screen that uploads receipts: the account's offline queue (a receipt
 * without network waits on the device, and so do the files of a bulk upload paused by an
 * upload limit) and the share target (files shared to the app and confirmed go to the upload
 * card). `forUploadCard` is what the upload card takes to keep, hold and follow its receipts;
 * `onSent` hears when kept receipts went up (to refresh the expense list).
 */
export function useOfflineCapture(
  userId: string | null,
  token: string | null,
  onSent?: () => void,
) {
  const queue = useUploadQueue(userId, token, onSent);

  // Shared files reach the card only once the person confirmed them (SharedFilesReview).
  const [shared, setShared] = useState<File[]>();
  const uploadShared = useCallback((files: File[]) => {
    if (files.length > 0) setShared(files);
  }, []);
  const [shareFailed] = useState(() =>
    new URLSearchParams(window.location.search).has('share_failed'),
  );

  const forUploadCard = {
    incomingFiles: shared,
    keepForLater: queue.keep,
    keepWhilePaused: { hold: queue.hold, release: queue.release },
    followKept: subscribeSentReceipts,
  };
  return { queue, forUploadCard, uploadShared, shareFailed };
}
