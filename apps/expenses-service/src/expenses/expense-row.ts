import type {
  DuplicateReason,
  Expense,
  ExpenseStatus,
  ExtractionMethod,
  ExpensePart,
  ExpenseSplit,
  FieldEvidenceMap,
  RateSource,
  ReviewField,
  TaxLine,
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

/** The columns an expense is read and written with alike. */
interface ExpenseCommonColumns {
  id: string;
  vendor: string;
  amount: string;
  currency: string;
  exchange_rate: string | null;
  rate_currency: string | null;
  rate_source: RateSource | null;
  rate_date: string | null;
  /** NULL while a receipt is read, or when it gave no plausible date (evidence: `not_read`). */
  expense_date: string | null;
  tax_amount: string | null;
  notes: string | null;
  tags: string[];
  ocr_confidence: number | null;
  image_key: string | null;
  extraction_method: ExtractionMethod;
  email_subject: string | null;
  raw_ocr_text: string | null;
  status: ExpenseStatus;
  processing_error: string | null;
  duplicate_of: string | null;
  duplicate_reason: DuplicateReason | null;
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What EXPENSE_COLUMNS selects. */
export interface ExpenseRow extends ExpenseCommonColumns {
  tax_lines: TaxLine[] | null;
  entity: string | null;
  field_evidence: FieldEvidenceMap | null;
  edited_fields: ReviewField[];
  /** The parts of a split expense in order (EXPENSE_PARTS_JSON); null when it is not split. */
  parts: ExpensePart[] | null;
}

/** A field the user set by hand: a later reading leaves it alone. */
export type EditedField = ReviewField | 'currency' | 'tax_amount';

/**
 * The table's columns as they are written, typed as node-pg sends them: amounts and rates as
 * decimal text, dates as YYYY-MM-DD, jsonb as JSON text. The repository's insert takes its
 * columns from here, and so do the tests' rows (`seedExpenses` in `@snaptrack/testing`). Left
 * out: the fingerprints (`image_hash`, `region_hash`, bit(64) written from hex by
 * `applyReading`) and the search columns the triggers keep.
 */
export interface ExpenseTableRow extends ExpenseCommonColumns {
  user_id: string;
  /** JSON text of the lines. */
  tax_lines: string | null;
  entity_id: string | null;
  content_sha256: string | null;
  text_hash: string | null;
  mail_id: string | null;
  idempotency_key: string | null;
  receipt_source: 'upload' | 'mail' | null;
  receipt_bytes: number | null;
  ocr_job_id: string | null;
  duplicate_kept: boolean;
  /** JSON text of the FieldEvidenceMap. */
  field_evidence: string | null;
  edited_fields: EditedField[];
}

/** The table of split expenses' parts (`expense-parts.repository.ts` writes it). */
export const EXPENSE_PARTS_TABLE = '"expenses"."expense_parts"';

/**
 * The lines of an expense for what counts money per entity (exports, statistics): one row `l`
 * per part of a split expense, the expense itself otherwise, with `position`, `entity_id`,
 * `tags`, `amount` and `notes` (a part without a description keeps the expense's). Goes after
 * `FROM ${EXPENSES_TABLE} e`.
 */
export const EXPENSE_LINES = `CROSS JOIN LATERAL (
    SELECT p."position", p."entity_id", p."tags", p."amount",
      coalesce(p."description", e."notes") AS "notes",
      /* a part carries its share of the tax, as it does of the total */ round(e."tax_amount" * p."amount" / nullif(e."amount", 0), 2) AS "tax_amount"
    FROM ${EXPENSE_PARTS_TABLE} p WHERE p."expense_id" = e."id"
    UNION ALL
    SELECT 0::smallint, e."entity_id", e."tags", e."amount", e."notes", e."tax_amount"
    WHERE NOT EXISTS (SELECT 1 FROM ${EXPENSE_PARTS_TABLE} q WHERE q."expense_id" = e."id")
  ) l`;

/** Lines with their entity's name (`n`), as EXPENSES_WITH_ENTITY for expenses. */
export const EXPENSE_LINES_WITH_ENTITY = `${EXPENSES_TABLE} e ${EXPENSE_LINES}
  LEFT JOIN "expenses"."entities" n ON n."id" = l."entity_id"`;

/** An expense's parts as JSON in order, null when it has none (the `parts` of ExpenseRow). */
const EXPENSE_PARTS_JSON = `(SELECT json_agg(json_build_object('position', p."position",
    'amount', p."amount", 'percent', p."percent", 'entity', pn."name", 'tags', p."tags",
    'description', p."description") ORDER BY p."position")
  FROM ${EXPENSE_PARTS_TABLE} p LEFT JOIN "expenses"."entities" pn ON pn."id" = p."entity_id"
  WHERE p."expense_id" = e."id") AS "parts"`;

/**
 * The columns of an expense as the API shows it, for `FROM ${EXPENSES_WITH_ENTITY}`. The date
 * is selected as text: node-pg would turn a `date` into a Date at the server's local midnight.
 */
export const EXPENSE_COLUMNS = `e."id", e."vendor", e."amount"::text AS "amount", e."currency",
  e."exchange_rate"::text AS "exchange_rate", e."rate_currency", e."rate_source",
  e."rate_date"::text AS "rate_date",
  e."expense_date"::text AS "expense_date", e."tax_amount"::text AS "tax_amount", e."tax_lines",
  e."notes", n."name" AS "entity", e."tags",
  e."ocr_confidence", e."image_key", e."extraction_method", e."email_subject", e."raw_ocr_text",
  e."status", e."processing_error", e."duplicate_of", e."duplicate_reason", e."field_evidence",
  e."edited_fields", e."reviewed_at", e."created_at", e."updated_at", ${EXPENSE_PARTS_JSON}`;

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
    tax_amount: row.tax_amount === null ? null : Number(row.tax_amount),
    tax_lines: row.tax_lines,
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
    duplicate_reason: row.duplicate_reason,
    field_evidence: row.field_evidence,
    edited_fields: row.edited_fields,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    split: toSplit(row.parts),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The parts JSON as the contract's split: numbers as numbers (JSON gives numeric as such). */
function toSplit(parts: ExpensePart[] | null): ExpenseSplit | null {
  if (!parts?.length) return null;
  return {
    mode: parts[0].percent === null ? 'amount' : 'percent',
    parts: parts.map((part) => ({
      position: part.position,
      amount: Number(part.amount),
      percent: part.percent === null ? null : Number(part.percent),
      entity: part.entity,
      tags: part.tags,
      description: part.description,
    })),
  };
}
