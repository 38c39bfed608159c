import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSession } from '@/features/auth/hooks/use-session';
import { useUploadQueue } from '@/features/offline-capture/hooks/use-upload-queue';
import type { UploadCardProps } from '@/features/receipts/components/upload-card';
import { lastEntity, rememberEntity } from '@/features/receipts/utils/last-entity';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';

/**
 * Wires the upload card to the offline queue (a receipt without network waits on the device, and
 * so do the files of a bulk upload paused by an upload limit)
 * and to the share target (files shared to the app and confirmed arrive in the card, under the
 * entity used last time).
 */
export function useOfflineCapture() {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session.user?.id ?? null;
  const refreshExpenses = useCallback(
    () => void reloadQueries(queryClient, EXPENSES_KEY),
    [queryClient],
  );
  const queue = useUploadQueue(userId, session.token, refreshExpenses);

  // Shared files reach the card only once the person confirmed them (SharedFilesReview).
  const [shared, setShared] = useState<File[]>();
  const uploadShared = useCallback((files: File[]) => {
    if (files.length > 0) setShared(files);
  }, []);

  const uploadCard: UploadCardProps = {
    defaultEntity: lastEntity(userId),
    onEntityChange: (entity) => rememberEntity(userId, entity),
    incomingFiles: shared,
    keepForLater: queue.keep,
    keepWhilePaused: { hold: queue.hold, release: queue.release },
  };
  const [shareFailed] = useState(() =>
    new URLSearchParams(window.location.search).has('share_failed'),
  );
  return { queue, uploadCard, uploadShared, shareFailed };
}
