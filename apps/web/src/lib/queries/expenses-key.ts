/**
 * Everything cached from /api/expenses (list pages and summaries) starts with this key. App-wide
 * because more than one feature changes expenses (uploading, reprocessing, editing) and must
 * refresh what is cached.
 */
export const EXPENSES_KEY = ['expenses'] as const;
