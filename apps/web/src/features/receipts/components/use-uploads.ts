import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer, useRef } from 'react';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { isApiError, isSubscriptionRequired } from '@/lib/api-client';
import { uploadReceipt } from '../api/upload-receipt';
import { NO_EDIT, type PhotoEdit } from '../utils/photo-edit';
import { prepareUpload, type PreparedUpload } from '../utils/prepare-upload';
import { folderFiles } from '../utils/folder-files';
import { isZip, unpackFiles, type Refusal } from '../utils/unpack-zip';
import { UploadPool, type SendOutcome } from '../utils/upload-pool';
import { rejectReason, UploadMessages } from '../utils/upload-rules';
import { initialUploads, uploadsReducer, type UploadItem } from './upload-batch';

export type { UploadItem, UploadState } from './upload-batch';

export type ReceiptToKeep = PreparedUpload & { entity: string; idempotencyKey: string };

type Task = { id: string; file: File; entity: string; edit: PhotoEdit };

/** The expense list refreshes at once after an upload, then at most this often in a batch. */
const REFRESH_EVERY_MS = 2000;

/**
 * Calls `refresh` at once, then at most once per REFRESH_EVERY_MS with one call at the end:
 * a batch of 100 refreshes the list a few dozen times, not 100 (each refresh would cancel
 * the one in flight and ask again).
 */
function useThrottledRefresh(refresh: () => Promise<unknown>): () => void {
  const state = useRef({ last: 0, timer: null as ReturnType<typeof setTimeout> | null });
  return () => {
    const now = Date.now();
    const { current } = state;
    if (current.timer) return;
    const wait = current.last + REFRESH_EVERY_MS - now;
    if (wait <= 0) {
      current.last = now;
      void refresh();
      return;
    }
    current.timer = setTimeout(() => {
      current.timer = null;
      current.last = Date.now();
      void refresh();
    }, wait);
  };
}

/** Seconds to wait on a 429 that names none (the gateway always does). */
const DEFAULT_RETRY_SECONDS = 60;

/**
 * The upload card's files. Chosen or dropped files (a .zip unpacked in its place) are checked,
 * then sent a few at a time, each prepared, with its own progress and the same Idempotency-Key
 * on every try; refused files keep their reasons for the batch's summary. A 429 pauses the
 * batch until its Retry-After and sends the file again. With `keepForLater`, a file whose
 * upload found no network is handed to it to be sent later.
 */
export function useUploads({
  keepForLater,
}: { keepForLater?: (receipt: ReceiptToKeep) => Promise<void> } = {}) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(uploadsReducer, initialUploads);
  const update = (id: string, change: Partial<UploadItem>) =>
    dispatch({ kind: 'item', id, change });
  const refreshExpenses = useThrottledRefresh(() =>
    queryClient.invalidateQueries({ queryKey: EXPENSES_KEY }),
  );
  // Prepared once: a file sent again after a 429 goes up as the same bytes.
  const prepared = useRef(new Map<string, PreparedUpload>());

  const send = async ({ id, file, entity, edit }: Task): Promise<SendOutcome> => {
    let upload = prepared.current.get(id);
    try {
      if (!upload) {
        update(id, { state: 'preparing' });
        upload = await prepareUpload(file, edit);
        prepared.current.set(id, upload);
      }
      update(id, { state: 'uploading', progress: 0, error: undefined });
      const expense = await uploadReceipt({
        ...upload,
        entity,
        idempotencyKey: id,
        onProgress: (share) => update(id, { progress: share }),
      });
      prepared.current.delete(id);
      update(id, { state: 'done', progress: 1, duplicate: Boolean(expense.duplicate_of) });
      refreshExpenses();
      return undefined;
    } catch (caught) {
      if (isApiError(caught) && caught.status === 429) {
        const seconds = Number(caught.details?.retry_after_seconds) || DEFAULT_RETRY_SECONDS;
        update(id, { state: 'waiting', progress: 0, error: caught.message });
        return { retryAfterMs: seconds * 1000 };
      }
      prepared.current.delete(id);
      if (keepForLater && upload && isApiError(caught) && caught.code === 'NETWORK_ERROR') {
        const kept = await keepForLater({ ...upload, entity, idempotencyKey: id }).then(
          () => true,
          () => false,
        );
        if (kept) {
          update(id, { state: 'kept', progress: 0 });
          return undefined;
        }
      }
      if (isSubscriptionRequired(caught)) {
        dispatch({ kind: 'subscription-required', message: caught.message });
      }
      const message = isApiError(caught) && caught.message ? caught.message : UploadMessages.failed;
      update(id, { state: 'failed', error: message });
      return undefined;
    }
  };
  // The pool outlives renders; it calls the newest `send` (same dispatch, same query client).
  const latestSend = useRef(send);
  latestSend.current = send;
  const pool = useRef<UploadPool<Task> | null>(null);
  pool.current ??= new UploadPool<Task>({
    send: (task) => latestSend.current(task),
    onWait: (task, until) =>
      dispatch({ kind: 'item', id: task.id, change: { state: 'waiting', waitUntil: until } }),
  });

  const start = async (
    chosen: FileList | readonly File[] | null | undefined,
    entity: string,
    { edit = NO_EDIT, folder = false }: { edit?: PhotoEdit; folder?: boolean } = {},
  ) => {
    if (!chosen || chosen.length === 0) return;
    if (!entity) {
      dispatch({ kind: 'error', message: UploadMessages.selectEntity });
      return;
    }
    const picked = Array.from(chosen);
    // A chosen folder is taken as it is (images and PDFs); a .zip chosen or dropped is
    // unpacked. Without a .zip nothing is awaited: the card answers in the same tick.
    const { files, refused } = folder
      ? folderFiles(picked)
      : picked.some(isZip)
        ? await unpackFiles(picked)
        : { files: picked, refused: [] };
    const tasks: Task[] = [];
    const items: UploadItem[] = [];
    const allRefused: Refusal[] = [...refused];
    for (const file of files) {
      const reason = rejectReason(file);
      if (reason) {
        allRefused.push({ name: file.name, reason });
        continue;
      }
      const id = crypto.randomUUID();
      tasks.push({ id, file, entity, edit });
      // A folder's file by its path in the folder (two folders may both hold "receipt.jpg").
      items.push({ id, name: file.webkitRelativePath || file.name, state: 'queued', progress: 0 });
    }
    // One file refused: the banner says why. More: the batch's summary lists each.
    const single = picked.length === 1 && files.length <= 1 && allRefused.length === 1;
    dispatch({
      kind: 'started',
      items,
      refused: single ? [] : allRefused,
      error: single ? (allRefused[0]?.reason ?? null) : null,
    });
    pool.current?.add(tasks);
  };

  const showError = useCallback(
    (message: string | null) => dispatch({ kind: 'error', message }),
    [],
  );
  return { ...state, start, showError, clearError: () => showError(null) };
}
