// Spec section 5, "Feedback": the server's rules and texts from the contracts' core, checked
// before sending so the dialog can say what is missing.
import { FeedbackLimits, FeedbackMessages, type FeedbackType } from '@snaptrack/contracts/core';

export type { FeedbackType } from '@snaptrack/contracts/core';

export const FEEDBACK_TYPES: { value: FeedbackType; label: string }[] = [
  { value: 'general_rating', label: 'General feedback' },
  { value: 'problem_report', label: 'Report a problem' },
  { value: 'feature_request', label: 'Request a feature' },
];

export const FEEDBACK_LIMITS = {
  minMessage: FeedbackLimits.minMessageLength,
  maxMessage: FeedbackLimits.maxMessageLength,
  maxSubject: FeedbackLimits.maxSubjectLength,
} as const;

export type FeedbackDraft = {
  type: FeedbackType | '';
  category: string;
  rating: number | null;
  subject: string;
  message: string;
};

/** The first rule the draft breaks, in the spec's order, or null when it may be sent. */
export function validateFeedback(draft: FeedbackDraft): string | null {
  if (!draft.type) return FeedbackMessages.typeRequired;
  if (!draft.category) return FeedbackMessages.categoryRequired;
  const message = draft.message.trim();
  if (!message) return FeedbackMessages.messageRequired;
  if (message.length < FeedbackLimits.minMessageLength) return FeedbackMessages.messageTooShort;
  if (message.length > FeedbackLimits.maxMessageLength) return FeedbackMessages.messageTooLong;
  if (draft.type === 'general_rating' && draft.rating === null) {
    return FeedbackMessages.ratingRequired;
  }
  if (
    draft.rating !== null &&
    (draft.rating < FeedbackLimits.minRating || draft.rating > FeedbackLimits.maxRating)
  ) {
    return FeedbackMessages.ratingRange;
  }
  if (draft.subject.trim().length > FeedbackLimits.maxSubjectLength) {
    return FeedbackMessages.subjectTooLong;
  }
  return null;
}
