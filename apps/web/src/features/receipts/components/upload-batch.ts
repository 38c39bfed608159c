import type { Expense } from '@snaptrack/contracts/core';
import type { Refusal } from '../utils/unpack-zip';
import { UploadMessages } from '../utils/upload-rules';

export type UploadState =
  'queued' | 'preparing' | 'uploading' | 'waiting' | 'done' | 'kept' | 'failed';

export interface UploadItem {
  id: string;
  name: string;
  state: UploadState;
  progress: number;
  /** The server's reason for a failed upload, or for the pause of a waiting one. */
  error?: string;
  /** Uploaded, and the server found the same file among the account's receipts. */
  duplicate?: boolean;
  /** A waiting upload goes again at this time (epoch ms). */
  waitUntil?: number;
  /** Kept on the device while it waits out a limit: a closed page does not lose it. */
  kept?: boolean;
  /** The expense the upload made (also when the offline queue sent it later). */
  expenseId?: string;
  /** That expense as last read: followed until it is ready or failed. */
  expense?: Expense;
}

/** Uploaded, and its receipt is still being read (or not yet asked about). */
export const isReading = (item: UploadItem): boolean =>
  item.state === 'done' &&
  item.expenseId !== undefined &&
  (item.expense?.status ?? 'processing') === 'processing';

/** The files of one batch: what is being sent, and what never went up and why. */
export type UploadsState = {
  items: UploadItem[];
  refused: Refusal[];
  /** The card's banner: no entity chosen, or why the one file chosen was refused. */
  error: string | null;
  /** The paywall's message; it stays on the card (navigating away would lose the uploads). */
  subscriptionRequired: string | null;
};

export type UploadsAction =
  | { kind: 'started'; items: UploadItem[]; refused: Refusal[]; error: string | null }
  | { kind: 'item'; id: string; change: Partial<UploadItem> }
  /** The offline queue sent a receipt this card kept: it is uploaded now. */
  | { kind: 'sent'; id: string; expenseId: string }
  | { kind: 'error'; message: string | null }
  | { kind: 'subscription-required'; message: string };

const SETTLED: ReadonlySet<UploadState> = new Set(['done', 'kept', 'failed']);

export const isSettled = (item: UploadItem) => SETTLED.has(item.state);

export const initialUploads: UploadsState = {
  items: [],
  refused: [],
  error: null,
  subscriptionRequired: null,
};

/** Files chosen while a batch runs join it; chosen after it ended, they start a new one. */
export function uploadsReducer(state: UploadsState, action: UploadsAction): UploadsState {
  switch (action.kind) {
    case 'started': {
      const joins = state.items.some((item) => !isSettled(item));
      return {
        ...state,
        error: action.error,
        items: joins ? [...state.items, ...action.items] : action.items,
        refused: joins ? [...state.refused, ...action.refused] : action.refused,
      };
    }
    case 'item':
      return {
        ...state,
        items: state.items.map((item) =>
          item.id === action.id ? { ...item, ...action.change } : item,
        ),
      };
    case 'sent':
      return {
        ...state,
        items: state.items.map((item) =>
          item.id === action.id && item.state === 'kept'
            ? { ...item, state: 'done', progress: 1, expenseId: action.expenseId }
            : item,
        ),
      };
    case 'error':
      return { ...state, error: action.message };
    case 'subscription-required':
      return { ...state, subscriptionRequired: action.message };
  }
}

export interface BatchSummary {
  /** Files in the batch, refused ones included. */
  total: number;
  /** Files sent, or refused before sending. */
  finished: number;
  /** 0 to 1 over the whole batch. */
  progress: number;
  running: boolean;
  added: number;
  duplicates: number;
  kept: number;
  /** Refused by the browser or by the server, each with its reason. */
  refused: Refusal[];
}

export function summarize(state: Pick<UploadsState, 'items' | 'refused'>): BatchSummary {
  const { items } = state;
  const settled = items.filter(isSettled);
  const total = items.length + state.refused.length;
  const sent = items.reduce((sum, item) => sum + (isSettled(item) ? 1 : item.progress), 0);
  return {
    total,
    finished: settled.length + state.refused.length,
    progress: total === 0 ? 0 : (sent + state.refused.length) / total,
    running: settled.length < items.length,
    added: items.filter((item) => item.state === 'done').length,
    duplicates: items.filter((item) => item.state === 'done' && item.duplicate).length,
    kept: items.filter((item) => item.state === 'kept').length,
    refused: [
      ...state.refused,
      ...items
        .filter((item) => item.state === 'failed')
        .map((item) => ({ name: item.name, reason: item.error ?? UploadMessages.failed })),
    ],
  };
}
