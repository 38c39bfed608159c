import { useReducer } from 'react';
import {
  SplitLimits,
  fromMinorUnits,
  minorUnitDigits,
  readAmount,
  splitAmounts,
  toMinorUnits,
  type SplitExpenseBody,
  type SplitMode,
} from '@snaptrack/contracts/core';
import type { Expense } from '@/types/api';

/** One part as typed. The last part's amount or percentage is never typed: it takes the rest. */
export type PartDraft = {
  key: number;
  amount: string;
  percent: string;
  entity: string;
  tags: string;
  description: string;
};

export type SplitDraft = { mode: SplitMode; parts: PartDraft[]; nextKey: number };

export type SplitAction =
  | { type: 'mode'; mode: SplitMode }
  | { type: 'add' }
  | { type: 'remove'; key: number }
  | { type: 'change'; key: number; patch: Partial<Omit<PartDraft, 'key'>> };

const blankPart = (key: number, entity: string): PartDraft => ({
  key,
  amount: '',
  percent: '',
  entity,
  tags: '',
  description: '',
});

/** The expense's split as a draft, or two halves under its own entity. */
export function initialSplitDraft(expense: Expense): SplitDraft {
  if (expense.split) {
    return {
      mode: expense.split.mode,
      parts: expense.split.parts.map((part, key) => ({
        key,
        amount: String(part.amount),
        percent: part.percent === null ? '' : String(part.percent),
        entity: part.entity ?? '',
        tags: part.tags.join(', '),
        description: part.description ?? '',
      })),
      nextKey: expense.split.parts.length,
    };
  }
  const entity = expense.entity ?? '';
  return {
    mode: 'percent',
    parts: [{ ...blankPart(0, entity), percent: '50' }, blankPart(1, entity)],
    nextKey: 2,
  };
}

export function splitReducer(draft: SplitDraft, action: SplitAction): SplitDraft {
  switch (action.type) {
    case 'mode':
      return { ...draft, mode: action.mode };
    case 'add':
      if (draft.parts.length >= SplitLimits.maxParts) return draft;
      return {
        ...draft,
        parts: [...draft.parts, blankPart(draft.nextKey, '')],
        nextKey: draft.nextKey + 1,
      };
    case 'remove':
      if (draft.parts.length <= SplitLimits.minParts) return draft;
      return { ...draft, parts: draft.parts.filter((part) => part.key !== action.key) };
    case 'change':
      return {
        ...draft,
        parts: draft.parts.map((part) =>
          part.key === action.key ? { ...part, ...action.patch } : part,
        ),
      };
  }
}

/** What the dialog shows and sends for a draft. */
export type SplitPreview = {
  /** Each part's amount as it will be stored; null where it cannot be computed yet. */
  amounts: (number | null)[];
  /** The last part's share: the rest of the total (by amount) or of 100 (by percentage). */
  rest: number | null;
  /** Why the draft cannot be saved, in plain words; null when it can. */
  error: string | null;
  body: SplitExpenseBody | null;
};

const readPercent = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.').replace(/%$/, '');
  return trimmed === '' || Number.isNaN(Number(trimmed)) ? null : Number(trimmed);
};

const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The parts the draft gives: every part but the last as typed, the last the rest; then the
 * core's `splitAmounts`, the server's own rule, for the amounts and the reason to refuse.
 */
export function previewSplit(draft: SplitDraft, expense: Expense, locale?: string): SplitPreview {
  const digits = minorUnitDigits(expense.currency);
  const none = (error: string): SplitPreview => ({
    amounts: draft.parts.map(() => null),
    rest: null,
    error,
    body: null,
  });
  const typed: number[] = [];
  for (const [index, part] of draft.parts.slice(0, -1).entries()) {
    const label = `Part ${index + 1}`;
    if (draft.mode === 'amount') {
      const reading = readAmount(part.amount, locale);
      if (!reading.ok) return none(`${label}: ${reading.message}`);
      typed.push(reading.value);
    } else {
      const value = readPercent(part.percent);
      if (value === null) return none(`${label}: enter a percentage, for example 60.`);
      typed.push(value);
    }
  }
  let rest: number;
  if (draft.mode === 'amount') {
    const total = toMinorUnits(expense.amount, digits) ?? 0;
    const used = typed.reduce((sum, value) => sum + (toMinorUnits(value, digits) ?? 0), 0);
    rest = fromMinorUnits(total - used, digits);
  } else {
    rest = (10000 - typed.reduce((sum, value) => sum + Math.round(value * 100), 0)) / 100;
  }
  const values = [...typed, rest];
  const body: SplitExpenseBody = {
    mode: draft.mode,
    parts: draft.parts.map((part, index) => ({
      ...(draft.mode === 'amount' ? { amount: values[index] } : { percent: values[index] }),
      entity: part.entity || null,
      tags: tagsOf(part.tags),
      description: part.description.trim() || null,
    })),
  };
  if (rest <= 0) {
    return {
      ...none(
        draft.mode === 'amount'
          ? 'The parts before the last add up to the whole total or more: nothing is left for the last part.'
          : 'The percentages before the last add up to 100% or more: nothing is left for the last part.',
      ),
      rest,
    };
  }
  const result = splitAmounts(expense.amount, expense.currency, draft.mode, body.parts);
  if (!result.ok) return { ...none(result.message), rest };
  return { amounts: result.amounts, rest, error: null, body };
}

/** The split dialog's draft with its named actions. */
export function useSplitForm(expense: Expense) {
  const [draft, dispatch] = useReducer(splitReducer, expense, initialSplitDraft);
  return {
    draft,
    setMode: (mode: SplitMode) => dispatch({ type: 'mode', mode }),
    addPart: () => dispatch({ type: 'add' }),
    removePart: (key: number) => dispatch({ type: 'remove', key }),
    changePart: (key: number, patch: Partial<Omit<PartDraft, 'key'>>) =>
      dispatch({ type: 'change', key, patch }),
  };
}
