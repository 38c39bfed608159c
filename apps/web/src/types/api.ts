// Shapes the SPA reads from the API: the contracts' core (decorator-free; none of the server's
// validation classes reach the browser).

export type {
  DuplicateReason,
  Expense,
  ExpenseEntity,
  ListedEntity,
  EvidenceField,
  ExpenseStatus,
  ExtractionMethod,
  FieldEvidence,
  FieldFlag,
  ImageBox,
  Pagination,
  ProductUser,
  ReviewField,
  UserSettings,
} from '@snaptrack/contracts/core';

/** The error body of every endpoint, read leniently: any code, not only the catalogue's. */
export type ApiErrorBody = {
  success: false;
  error: { code: string; message: string; details?: Record<string, unknown>; error_id?: string };
};
