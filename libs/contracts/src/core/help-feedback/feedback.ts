export const FeedbackTypes = ['general_rating', 'problem_report', 'feature_request'] as const;

export type FeedbackType = (typeof FeedbackTypes)[number];

export const FeedbackPlatforms = ['web', 'ios', 'android'] as const;

/** Spec section 9: message 10 to 2000 characters, subject up to 100, rating 1 to 5. */
export const FeedbackLimits = {
  minMessageLength: 10,
  maxMessageLength: 2000,
  maxSubjectLength: 100,
  maxContextLength: 500,
  minRating: 1,
  maxRating: 5,
} as const;

/** The spec's texts (section 5), shared by the dialog and the server. */
export const FeedbackMessages = {
  typeRequired: 'Feedback type is required',
  categoryRequired: 'Category is required',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be less than 2000 characters',
  ratingRequired: 'Rating is required for general feedback',
  ratingRange: 'Rating must be between 1 and 5',
  subjectTooLong: 'Subject must be at most 100 characters',
  unknownCategory: 'Please choose a category from the list',
} as const;

export interface FeedbackCategoryOption {
  value: string;
  label: string;
  description?: string;
}

export interface FeedbackCategoriesResponse {
  success: true;
  data: { categories: FeedbackCategoryOption[] };
}

export interface SubmitFeedbackResponse {
  success: true;
  data: { id: string; anonymous: boolean };
}

/** POST /api/feedback. */
export interface FeedbackSubmission {
  type: FeedbackType;
  category: string;
  /** 1 to 5; required for general feedback only, empty (null) otherwise. */
  rating: number | null;
  subject?: string | null;
  message: string;
  anonymous?: boolean;
  platform?: (typeof FeedbackPlatforms)[number];
  /** Where the dialog was opened, e.g. 'Footer link - General feedback'. */
  context?: string | null;
}
