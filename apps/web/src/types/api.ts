// Shapes the SPA reads from the API: the contracts' types (type-only imports, erased from the
// bundle, so none of the contracts' validation code reaches the browser).

export type {
  Expense,
  ExpenseEntity,
  ExpenseStatus,
  ExtractionMethod,
  Pagination,
  ProductUser,
  UserSettings,
} from '@snaptrack/contracts';

/** The error body of every endpoint, read leniently: any code, not only the catalogue's. */
export type ApiErrorBody = {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown>; error_id?: string };
};
