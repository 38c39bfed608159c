import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer } from 'react';
import { EXPENSES_KEY } from '@/lib/queries/expenses-key';
import { isApiError, isSubscriptionRequired } from '@/lib/api-client';
import { uploadReceipt } from '../api/upload-receipt';
import { prepareUpload, type PreparedUpload } from '../utils/prepare-upload';
import { rejectReason, UploadMessages } from '../utils/upload-rules';

export type UploadState = 'preparing' | 'uploading' | 'done' | 'kept' | 'failed';

export type ReceiptToKeep = PreparedUpload & { entity: string; idempotencyKey: string };

export interface UploadItem {
  id: string;
  name: string;
  state: UploadState;
  progress: number;
  error?: string;
}

/** The card shows this many uploads, newest first. */
const SHOWN_UPLOADS = 20;

type UploadsState = {
  items: UploadItem[];
  /** The card's banner: no entity chosen, or the first refused file's reason. */
  error: string | null;
  /** The paywall's message; it stays on the card (navigating away would lose the uploads). */
  subscriptionRequired: string | null;
};

type UploadsAction =
  | { kind: 'started'; items: UploadItem[]; error: string | null }
  | { kind: 'item'; id: string; change: Partial<UploadItem> }
  | { kind: 'error'; message: string | null }
  | { kind: 'subscription-required'; message: string };

export function uploadsReducer(state: UploadsState, action: UploadsAction): UploadsState {
  switch (action.kind) {
    case 'started':
      return {
        ...state,
        error: action.error,
        items: [...action.items, ...state.items].slice(0, SHOWN_UPLOADS),
      };
    case 'item':
      return {
        ...state,
        items: state.items.map((item) =>
          item.id === action.id ? { ...item, ...action.change } : item,
        ),
      };
    case 'error':
      return { ...state, error: action.message };
    case 'subscription-required':
      return { ...state, subscriptionRequired: action.message };
  }
}

const initialUploads: UploadsState = { items: [], error: null, subscriptionRequired: null };

/**
 * The upload card's files: each accepted file is prepared and sent with its own progress;
 * refused files name the first reason; a finished upload refreshes the expense list. With
 * `keepForLater`, a file whose upload found no network is handed to it to be sent later.
 */
export function useUploads({
  keepForLater,
}: { keepForLater?: (receipt: ReceiptToKeep) => Promise<void> } = {}) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(uploadsReducer, initialUploads);
  const update = (id: string, change: Partial<UploadItem>) =>
    dispatch({ kind: 'item', id, change });

  const uploadOne = async (file: File, id: string, entity: string) => {
    let prepared: PreparedUpload | null = null;
    try {
      prepared = await prepareUpload(file);
      update(id, { state: 'uploading' });
      await uploadReceipt({
        ...prepared,
        entity,
        idempotencyKey: id,
        onProgress: (share) => update(id, { progress: share }),
      });
      update(id, { state: 'done', progress: 1 });
      void queryClient.invalidateQueries({ queryKey: EXPENSES_KEY });
    } catch (caught) {
      if (keepForLater && prepared && isApiError(caught) && caught.code === 'NETWORK_ERROR') {
        const kept = await keepForLater({ ...prepared, entity, idempotencyKey: id }).then(
          () => true,
          () => false,
        );
        if (kept) return update(id, { state: 'kept', progress: 0 });
      }
      if (isSubscriptionRequired(caught)) {
        dispatch({ kind: 'subscription-required', message: caught.message });
      }
      const message = isApiError(caught) && caught.message ? caught.message : UploadMessages.failed;
      update(id, { state: 'failed', error: message });
    }
  };

  const start = (files: FileList | readonly File[] | null | undefined, entity: string) => {
    if (!files || files.length === 0) return;
    if (!entity) {
      dispatch({ kind: 'error', message: UploadMessages.selectEntity });
      return;
    }
    const accepted: [File, UploadItem][] = [];
    const refused: string[] = [];
    for (const file of Array.from(files)) {
      const reason = rejectReason(file);
      if (reason) refused.push(reason);
      else {
        accepted.push([
          file,
          { id: crypto.randomUUID(), name: file.name, state: 'preparing', progress: 0 },
        ]);
      }
    }
    dispatch({
      kind: 'started',
      items: accepted.map(([, item]) => item),
      error: refused[0] ?? null,
    });
    for (const [file, item] of accepted) void uploadOne(file, item.id, entity);
  };

  const showError = useCallback(
    (message: string | null) => dispatch({ kind: 'error', message }),
    [],
  );
  return { ...state, start, showError, clearError: () => showError(null) };
}
