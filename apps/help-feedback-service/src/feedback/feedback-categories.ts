import type { FeedbackCategoryOption, FeedbackType } from '@snaptrack/contracts';

/** The category choices of the feedback dialog, per feedback type; the first is preselected. */
export const FEEDBACK_CATEGORIES: Record<FeedbackType, FeedbackCategoryOption[]> = {
  general_rating: [
    { value: 'overall', label: 'Overall experience', description: 'SnapTrack as a whole' },
    { value: 'receipt_reading', label: 'Receipt reading', description: 'Vendor, amount and date' },
    { value: 'ease_of_use', label: 'Ease of use', description: 'Finding your way around' },
    { value: 'speed', label: 'Speed', description: 'How quickly pages and receipts load' },
    { value: 'design', label: 'Design', description: 'Look and layout' },
    { value: 'other', label: 'Something else' },
  ],
  problem_report: [
    { value: 'upload', label: 'Uploading receipts', description: 'Files, photos and processing' },
    { value: 'reading', label: 'Wrong vendor, amount or date' },
    { value: 'email_forwarding', label: 'Email forwarding', description: 'Receipts sent by email' },
    { value: 'export', label: 'Exports', description: 'CSV, QuickBooks and PDF' },
    { value: 'billing', label: 'Billing and subscription' },
    { value: 'account', label: 'Sign-in and account' },
    { value: 'other', label: 'Something else' },
  ],
  feature_request: [
    { value: 'receipts', label: 'Receipts and reading' },
    { value: 'organizing', label: 'Entities and tags' },
    { value: 'reports', label: 'Statistics and reports' },
    { value: 'export', label: 'Exports and integrations' },
    { value: 'mobile', label: 'Phone and mobile use' },
    { value: 'other', label: 'Something else' },
  ],
};

export function isFeedbackCategory(type: FeedbackType, category: string): boolean {
  return FEEDBACK_CATEGORIES[type].some((option) => option.value === category);
}
