// The feedback rules with their texts (libs/contracts, feedback.messages.ts); the server
// applies the same rules.

export type FeedbackType = 'general_rating' | 'problem_report' | 'feature_request';

export const FEEDBACK_TYPES: { value: FeedbackType; label: string }[] = [
  { value: 'general_rating', label: 'General feedback' },
  { value: 'problem_report', label: 'Report a problem' },
  { value: 'feature_request', label: 'Request a feature' },
];

export const FEEDBACK_LIMITS = { minMessage: 10, maxMessage: 2000, maxSubject: 100 } as const;

export type FeedbackDraft = {
  type: FeedbackType | '';
  category: string;
  rating: number | null;
  subject: string;
  message: string;
};

/** The first rule the draft breaks (type, category, message, in the dialog's order), or null. */
export function validateFeedback(draft: FeedbackDraft): string | null {
  if (!draft.type) return 'Feedback type is required';
  if (!draft.category) return 'Category is required';
  const message = draft.message.trim();
  if (!message) return 'Message is required';
  if (message.length < FEEDBACK_LIMITS.minMessage) return 'Message must be at least 10 characters';
  if (message.length > FEEDBACK_LIMITS.maxMessage) {
    return 'Message must be less than 2000 characters';
  }
  if (draft.type === 'general_rating' && draft.rating === null) {
    return 'Rating is required for general feedback';
  }
  if (draft.rating !== null && (draft.rating < 1 || draft.rating > 5)) {
    return 'Rating must be between 1 and 5';
  }
  if (draft.subject.trim().length > FEEDBACK_LIMITS.maxSubject) {
    return 'Subject must be at most 100 characters';
  }
  return null;
}
