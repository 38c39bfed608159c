import { ExpenseLimits } from '../expenses/expense.js';
import type { SearchFilters } from '../expenses/expense-search.js';

/**
 * Which expenses a list or an export covers. Empty means all.
 * The list's query string and every export body take these fields; one validation class on
 * the server (`ExpenseFilterFields`) checks them with the limits and messages below.
 */
export interface ExportFilters extends SearchFilters {
  /** Inclusive, YYYY-MM-DD. */
  start_date?: string;
  /** Inclusive, YYYY-MM-DD. */
  end_date?: string;
  /** Entity names (any of them); 'Unassigned' selects expenses without an entity. */
  entities?: string[];
  /** Expenses carrying any of these tags (ignoring case). */
  tags?: string[];
}

export const ExportFilterLimits = { maxEntities: 50, maxTags: 50 } as const;

export const ExportFilterMessages = {
  startDate: 'start_date must be a date (YYYY-MM-DD).',
  endDate: 'end_date must be a date (YYYY-MM-DD).',
  tooManyEntities: `entities may name at most ${ExportFilterLimits.maxEntities} entities.`,
  entityTooLong: `An entity name can be at most ${ExpenseLimits.maxEntityNameLength} characters.`,
  entitiesList: 'entities must be a list of names.',
  tooManyTags: `tags may name at most ${ExportFilterLimits.maxTags} tags.`,
  tagTooLong: `A tag can be at most ${ExpenseLimits.maxTagLength} characters.`,
  tagsList: 'tags must be a list of tags.',
} as const;

/** Spec section 5, QuickBooks export. */
export const QuickBooksTerms = ['Due upon receipt', 'Net 30', 'Net 60'] as const;

export type QuickBooksTerm = (typeof QuickBooksTerms)[number];

export const QuickBooksDefaults = {
  serviceName: 'Reimbursable Expense',
  terms: 'Net 30',
} as const satisfies { serviceName: string; terms: QuickBooksTerm };

export const CUSTOMER_REQUIRED_MESSAGE = 'Please enter a customer name for QuickBooks export.';

export const QuickBooksLimits = { maxCustomer: 100, maxServiceName: 100, maxMemo: 1000 } as const;

/** The QuickBooks settings of POST /api/export/quickbooks. */
export interface QuickBooksSettings {
  customer: string;
  serviceName?: string;
  terms?: QuickBooksTerm;
  memo?: string;
}

/** POST /api/export/preview, /csv and /pdf. */
export interface ExportRequestBody {
  filters?: ExportFilters;
}

/** POST /api/export/quickbooks: the settings are required, the customer within them too. */
export interface QuickBooksExportRequestBody extends ExportRequestBody {
  quickbooksSettings: QuickBooksSettings;
}

/** POST /api/export/pack: the filters, and the settings of the pack's QuickBooks invoice CSV. */
export interface PackExportRequestBody extends ExportRequestBody {
  quickbooksSettings: QuickBooksSettings;
}

export const PdfJobStatuses = ['queued', 'processing', 'completed', 'failed'] as const;

export type PdfJobStatus = (typeof PdfJobStatuses)[number];

export const PDF_JOB_NOT_FOUND = 'Export job not found.';

/** `202` of POST /api/export/pdf. */
export interface PdfJobCreatedResponse {
  success: true;
  async: true;
  job_id: string;
  status: PdfJobStatus;
  expense_count: number;
}

/** GET /api/export/pdf/status/{jobId}. */
export interface PdfJobStatusResponse {
  success: true;
  job_id: string;
  status: PdfJobStatus;
  expense_count: number;
  /** Receipts written so far over the total, 0–100. */
  progress_percent: number;
  error: string | null;
}
