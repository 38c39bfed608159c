import type {
  Expense,
  ExpenseStatus,
  ExtractionMethod,
  FieldEvidenceMap,
  RateSource,
  ReviewField,
} from '@snaptrack/contracts';

/**
 * The expenses table's shape as the code sees it: its name, the columns an expense is read
 * with, the row types, and the mapping to the contract. `expenses.repository.ts` is the one
 * place that reads and writes single expenses; the read-only SQL of the list, statistics and
 * export take the names from here (docs/architecture.md, Persistence).
 */
export const EXPENSES_TABLE = '"expenses"."expenses"';

/** An expense with its entity's name: the FROM of every query that selects EXPENSE_COLUMNS. */
export const EXPENSES_WITH_ENTITY = `${EXPENSES_TABLE} e
  LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"`;

/** What EXPENSE_COLUMNS selects. */
export interface ExpenseRow {
  id: string;
  vendor: string;
  amount: string;
  currency: string;
  exchange_rate: string | null;
  rate_currency: string | null;
  rate_source: RateSource | null;
  rate_date: string | null;
  /** NULL when the receipt gave no plausible date (field_evidence says `not_read`). */
  expense_date: string | null;
  notes: string | null;
  entity: string | null;
  tags: string[];
  ocr_confidence: number | null;
  image_key: string | null;
  extraction_method: ExtractionMethod;
  email_subject: string | null;
  raw_ocr_text: string | null;
  status: ExpenseStatus;
  processing_error: string | null;
  duplicate_of: string | null;
  field_evidence: FieldEvidenceMap | null;
  edited_fields: ReviewField[];
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The columns of an expense as the API shows it, for `FROM ${EXPENSES_WITH_ENTITY}`. The date
 * is selected as text: node-pg would turn a `date` into a Date at the server's local midnight.
 */
export const EXPENSE_COLUMNS = `e."id", e."vendor", e."amount"::text AS "amount", e."currency",
  e."exchange_rate"::text AS "exchange_rate", e."rate_currency", e."rate_source",
  e."rate_date"::text AS "rate_date",
  e."expense_date"::text AS "expense_date", e."notes", n."name" AS "entity", e."tags",
  e."ocr_confidence", e."image_key", e."extraction_method", e."email_subject", e."raw_ocr_text",
  e."status", e."processing_error", e."duplicate_of", e."field_evidence", e."edited_fields",
  e."reviewed_at", e."created_at", e."updated_at"`;

export function imageUrl(id: string): string {
  return `/api/expenses/${id}/image`;
}

export function toExpense(row: ExpenseRow): Expense {
  return {
    id: row.id,
    vendor: row.vendor,
    amount: Number(row.amount),
    currency: row.currency,
    exchange_rate: row.exchange_rate === null ? null : Number(row.exchange_rate),
    rate_currency: row.rate_currency,
    rate_source: row.rate_source,
    rate_date: row.rate_date,
    expense_date: row.expense_date,
    notes: row.notes,
    entity: row.entity,
    tags: row.tags,
    ocr_confidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
    image_url: row.image_key ? imageUrl(row.id) : null,
    extraction_method: row.extraction_method,
    email_subject: row.email_subject,
    raw_ocr_text: row.raw_ocr_text,
    status: row.status,
    processing_error: row.processing_error,
    duplicate_of: row.duplicate_of,
    field_evidence: row.field_evidence,
    edited_fields: row.edited_fields,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
