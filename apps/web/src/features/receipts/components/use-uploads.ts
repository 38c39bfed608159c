import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { reloadQueries } from '@/lib/queries/reload-queries';
import type { Expense } from '@snaptrack/contracts/core';
import { isApiError, isSubscriptionRequired } from '@/lib/api-client';
import { retryAfterMs, sendReceipt } from '@/lib/receipt-upload';
import { getToken } from '@/lib/session-store';
import { NO_EDIT, type PhotoEdit } from '../utils/photo-edit';
import { prepareUpload, type PreparedUpload } from '../utils/prepare-upload';
import { folderFiles } from '../utils/folder-files';
import { isZip, unpackFiles, type Refusal } from '../utils/unpack-zip';
import { UploadPool, type SendOutcome } from '../utils/upload-pool';
import { rejectReason, UploadMessages } from '../utils/upload-rules';
import { initialUploads, uploadsReducer, type UploadItem } from './upload-batch';

export type { UploadItem, UploadState } from './upload-batch';

export type ReceiptToKeep = PreparedUpload & { entity: string; idempotencyKey: string };

/**
 * Keeps the files of a batch that wait out an upload limit on the device (the offline queue),
 * so they go up on the next visit if the page is closed before the wait is over.
 */
export interface PausedKeeper {
  /** Keeps one until `until` (epoch ms); the page still sends it itself while it lives. */
  hold: (receipt: ReceiptToKeep, until: number) => Promise<void>;
  /** It went up or was refused: no longer kept. */
  release: (id: string) => void;
}

/**
 * Subscribes to the receipts kept for later that went up: `onSent(id, expenseId)` with the
 * upload's id (its Idempotency-Key) and the new expense; returns the unsubscribe.
 */
export type FollowKept = (onSent: (id: string, expenseId: string) => void) => () => void;

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

/**
 * The upload card's files. Chosen or dropped files (a .zip unpacked in its place) are checked,
 * then sent a few at a time, each prepared, with its own progress and the same Idempotency-Key
 * on every try; refused files keep their reasons for the batch's summary. A 429 pauses the
 * batch until its Retry-After and sends the file again; with `keepWhilePaused`, every file not
 * yet sent is kept on the device meanwhile, so closing the page loses none. With
 * `keepForLater`, a file whose upload found no network is handed to it to be sent later, and
 * `followKept` says when it went up.
 */
export function useUploads({
  keepForLater,
  keepWhilePaused,
  followKept,
}: {
  keepForLater?: (receipt: ReceiptToKeep) => Promise<void>;
  keepWhilePaused?: PausedKeeper;
  followKept?: FollowKept;
} = {}) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(uploadsReducer, initialUploads);
  const update = (id: string, change: Partial<UploadItem>) =>
    dispatch({ kind: 'item', id, change });
  const refreshExpenses = useThrottledRefresh(() => reloadQueries(queryClient, EXPENSES_KEY));
  // Prepared once: a file sent again after a 429 (or kept meanwhile) goes up as the same bytes.
  const prepared = useRef(new Map<string, Promise<PreparedUpload>>());
  const prepareOnce = ({ id, file, edit }: Task): Promise<PreparedUpload> => {
    let upload = prepared.current.get(id);
    if (!upload) {
      upload = prepareUpload(file, edit);
      prepared.current.set(id, upload);
      upload.catch(() => prepared.current.delete(id));
    }
    return upload;
  };
  // Kept on the device while the batch waits out a limit: released once sent or refused.
  // A send waits for its file's keeping in progress, and no file is kept once its send has
  // begun, so a late copy never outlives its upload.
  const held = useRef(new Set<string>());
  const keeping = useRef(new Map<string, Promise<void>>());
  const sending = useRef(new Set<string>());
  const ended = useRef(new Set<string>());
  const release = (id: string) => {
    if (held.current.delete(id)) keepWhilePaused?.release(id);
  };
  const keepOne = async (task: Task, until: number, keeper: PausedKeeper) => {
    try {
      const upload = await prepareOnce(task);
      await keeper.hold({ ...upload, entity: task.entity, idempotencyKey: task.id }, until);
      held.current.add(task.id);
      update(task.id, { kept: true });
    } catch {
      // Not kept (no storage, or a file that cannot be prepared): it still waits here.
    }
  };
  const keepWaiting = (until: number, tasks: readonly Task[]) => {
    const keeper = keepWhilePaused;
    if (!keeper) return;
    void (async () => {
      // One at a time: a paused batch of 100 is not prepared all at once.
      for (const task of tasks) {
        const { id } = task;
        if (held.current.has(id) || sending.current.has(id) || ended.current.has(id)) continue;
        const kept = keepOne(task, until, keeper);
        keeping.current.set(id, kept);
        await kept;
        keeping.current.delete(id);
      }
    })();
  };

  const send = async (task: Task): Promise<SendOutcome> => {
    sending.current.add(task.id);
    try {
      await keeping.current.get(task.id);
      const outcome = await sendNow(task);
      if (!outcome) ended.current.add(task.id);
      return outcome;
    } finally {
      sending.current.delete(task.id);
    }
  };

  const sendNow = async (task: Task): Promise<SendOutcome> => {
    const { id, entity } = task;
    let upload: PreparedUpload | undefined;
    try {
      if (!prepared.current.has(id)) update(id, { state: 'preparing' });
      upload = await prepareOnce(task);
      update(id, { state: 'uploading', progress: 0, error: undefined });
      const expense = await sendReceipt(
        { ...upload, entity, idempotencyKey: id },
        { token: getToken(), onProgress: (share) => update(id, { progress: share }) },
      );
      prepared.current.delete(id);
      release(id);
      update(id, {
        state: 'done',
        progress: 1,
        duplicate: Boolean(expense.duplicate_of),
        kept: false,
        expenseId: expense.id,
        expense,
      });
      refreshExpenses();
      return undefined;
    } catch (caught) {
      if (isApiError(caught) && caught.status === 429) {
        update(id, { state: 'waiting', progress: 0, error: caught.message });
        return { retryAfterMs: retryAfterMs(caught) };
      }
      prepared.current.delete(id);
      if (keepForLater && upload && isApiError(caught) && caught.code === 'NETWORK_ERROR') {
        // Same id as a held copy: it replaces it, now the offline queue's to send.
        const kept = await keepForLater({ ...upload, entity, idempotencyKey: id }).then(
          () => true,
          () => false,
        );
        if (kept) {
          held.current.delete(id);
          update(id, { state: 'kept', progress: 0 });
          return undefined;
        }
      }
      release(id);
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
  const latestKeepWaiting = useRef(keepWaiting);
  latestKeepWaiting.current = keepWaiting;
  const pool = useRef<UploadPool<Task> | null>(null);
  pool.current ??= new UploadPool<Task>({
    send: (task) => latestSend.current(task),
    onWait: (task, until) =>
      dispatch({ kind: 'item', id: task.id, change: { state: 'waiting', waitUntil: until } }),
    onPause: (until, tasks) => latestKeepWaiting.current(until, tasks),
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

  // A receipt handed to the offline queue went up later: the card follows its expense from here.
  useEffect(
    () => followKept?.((id, expenseId) => dispatch({ kind: 'sent', id, expenseId })),
    [followKept],
  );

  const showError = useCallback(
    (message: string | null) => dispatch({ kind: 'error', message }),
    [],
  );
  /** The latest reading of an uploaded receipt's expense. */
  const followed = useCallback(
    (id: string, expense: Expense) => dispatch({ kind: 'item', id, change: { expense } }),
    [],
  );
  return { ...state, start, showError, followed, clearError: () => showError(null) };
}
