import { useCallback, useMemo, useReducer } from 'react';
import type { EvidenceField, Expense } from '@/types/api';

/** What the review screen shows over the current receipt. */
export type ReviewMode = 'view' | 'edit' | 'delete' | 'help';

export type ReviewState = {
  /** Position in the visible queue. */
  index: number;
  mode: ReviewMode;
  /** The field whose box is highlighted on the image. */
  field: EvidenceField | null;
  /** Confirmed here, hidden before the server's list says so. */
  confirmed: string[];
};

export type ReviewAction =
  | { type: 'next'; length: number }
  | { type: 'previous' }
  | { type: 'open'; mode: Exclude<ReviewMode, 'view'> }
  | { type: 'close' }
  | { type: 'focus'; field: EvidenceField | null }
  | { type: 'confirmed'; id: string };

export const initialReviewState: ReviewState = {
  index: 0,
  mode: 'view',
  field: null,
  confirmed: [],
};

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case 'next':
      return {
        ...state,
        index: Math.min(state.index + 1, Math.max(action.length - 1, 0)),
        field: null,
      };
    case 'previous':
      return { ...state, index: Math.max(state.index - 1, 0), field: null };
    case 'open':
      return { ...state, mode: action.mode };
    case 'close':
      return { ...state, mode: 'view', field: null };
    case 'focus':
      return { ...state, field: action.field };
    case 'confirmed':
      // The next receipt slides into the same position.
      return { ...state, mode: 'view', field: null, confirmed: [...state.confirmed, action.id] };
  }
}

/** What a key press asks for; null when the key is not a shortcut here. */
export type ReviewCommand = 'next' | 'previous' | 'confirm' | 'edit' | 'delete' | 'help' | 'close';

/** The shortcuts, as the `?` list shows them. */
export const REVIEW_SHORTCUTS: readonly { keys: string[]; does: string }[] = [
  { keys: ['J', '↓', '→'], does: 'Next receipt' },
  { keys: ['K', '↑', '←'], does: 'Previous receipt' },
  { keys: ['Enter'], does: 'Confirm: the fields are right' },
  { keys: ['E'], does: 'Edit the fields' },
  {
    keys: ['D'],
    does: 'Delete, after asking. On a possible duplicate: it is a duplicate, delete it (the earlier receipt stays)',
  },
  { keys: ['?'], does: 'Show or hide these shortcuts' },
  { keys: ['Esc'], does: 'Close the form or dialog' },
];

type KeyInfo = {
  key: string;
  /** The element the key went to. */
  target: { tagName: string; isContentEditable?: boolean } | null;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
};

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const PRESSABLE = new Set(['BUTTON', 'A', 'SUMMARY']);

/**
 * Maps a key press to a command. Keys typed into a field are the field's; Enter on a button or
 * link presses it (never confirms too); an open form or dialog owns the keyboard but Escape.
 * The edit form owns Escape too: it closes only the innermost thing, and asks before it drops
 * changes.
 */
export function reviewCommandFor(event: KeyInfo, mode: ReviewMode): ReviewCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const tag = event.target?.tagName.toUpperCase() ?? '';
  if (mode === 'edit') return null;
  if (mode !== 'view') {
    if (event.key === 'Escape') return 'close';
    if (mode === 'help' && event.key === '?') return 'close';
    return null;
  }
  if (TYPING.has(tag) || event.target?.isContentEditable) return null;
  switch (event.key) {
    case 'j':
    case 'J':
    case 'ArrowDown':
    case 'ArrowRight':
      return 'next';
    case 'k':
    case 'K':
    case 'ArrowUp':
    case 'ArrowLeft':
      return 'previous';
    case 'Enter':
      return PRESSABLE.has(tag) ? null : 'confirm';
    case 'e':
    case 'E':
      return 'edit';
    case 'd':
    case 'D':
      return 'delete';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** The queue as shown (confirmed ones gone), the current receipt and the named actions. */
export function useReviewQueueState(expenses: readonly Expense[]) {
  const [state, dispatch] = useReducer(reviewReducer, initialReviewState);
  const visible = useMemo(
    () => expenses.filter((expense) => !state.confirmed.includes(expense.id)),
    [expenses, state.confirmed],
  );
  // A list that shrank (confirmed, deleted elsewhere) keeps the position in range.
  const index = Math.min(state.index, Math.max(visible.length - 1, 0));
  const current = visible[index] ?? null;
  return {
    state: { ...state, index },
    visible,
    current,
    next: useCallback(() => dispatch({ type: 'next', length: visible.length }), [visible.length]),
    previous: useCallback(() => dispatch({ type: 'previous' }), []),
    open: useCallback((mode: Exclude<ReviewMode, 'view'>) => dispatch({ type: 'open', mode }), []),
    close: useCallback(() => dispatch({ type: 'close' }), []),
    focus: useCallback((field: EvidenceField | null) => dispatch({ type: 'focus', field }), []),
    confirmed: useCallback((id: string) => dispatch({ type: 'confirmed', id }), []),
  };
}
