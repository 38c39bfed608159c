import { useReducer } from 'react';
import type { FeedbackDraft, FeedbackType } from '../utils/validate-feedback';

export type FeedbackRequest = {
  type: FeedbackType;
  /** Where it was opened; sent with the feedback. */
  context: string;
  /** Text the message starts with. */
  initialMessage?: string;
  onSubmitted?: () => void;
};

export type FeedbackFormDraft = FeedbackDraft & { anonymous: boolean };

type FeedbackFormState = {
  /** The request this draft was started for: a new one starts afresh. */
  request: FeedbackRequest | null;
  draft: FeedbackFormDraft;
  error: string | null;
};

type FeedbackFormAction =
  | { kind: 'restart'; request: FeedbackRequest | null }
  | { kind: 'edit'; change: Partial<Omit<FeedbackFormDraft, 'type'>> }
  | { kind: 'type'; type: FeedbackType }
  | { kind: 'preselect-category'; category: string }
  | { kind: 'error'; message: string | null };

function initialDraft(request: FeedbackRequest | null): FeedbackFormDraft {
  return {
    type: request?.type ?? 'general_rating',
    category: '',
    rating: null,
    subject: '',
    message: request?.initialMessage ?? '',
    anonymous: false,
  };
}

function start(request: FeedbackRequest | null): FeedbackFormState {
  return { request, draft: initialDraft(request), error: null };
}

export function feedbackFormReducer(
  state: FeedbackFormState,
  action: FeedbackFormAction,
): FeedbackFormState {
  switch (action.kind) {
    case 'restart':
      // Closing keeps the last draft on screen while the dialog fades out.
      return action.request ? start(action.request) : { ...state, request: null };
    case 'edit':
      return { ...state, draft: { ...state.draft, ...action.change } };
    case 'type':
      // Categories and the rating belong to a type: a new type chooses them again.
      return { ...state, draft: { ...state.draft, type: action.type, category: '', rating: null } };
    case 'preselect-category':
      return state.draft.category
        ? state
        : { ...state, draft: { ...state.draft, category: action.category } };
    case 'error':
      return { ...state, error: action.message };
  }
}

/**
 * The feedback dialog's draft and its error. Every open starts afresh; the
 * reset happens while rendering, not in an effect, so the dialog never shows the previous
 * request's type for a frame.
 */
export function useFeedbackForm(request: FeedbackRequest | null) {
  const [state, dispatch] = useReducer(feedbackFormReducer, request, start);
  if (state.request !== request) dispatch({ kind: 'restart', request });
  return {
    draft: state.draft,
    error: state.error,
    edit: (change: Partial<Omit<FeedbackFormDraft, 'type'>>) => dispatch({ kind: 'edit', change }),
    setType: (type: FeedbackType) => dispatch({ kind: 'type', type }),
    preselectCategory: (category: string) => dispatch({ kind: 'preselect-category', category }),
    setError: (message: string | null) => dispatch({ kind: 'error', message }),
  };
}
