import type { TaxLine } from './tax.js';
import type { ExpenseSplit } from './split.js';

/**
 * Limits the browser checks and the server enforces too (docs/api.md, Expenses, entities and tags).
 */
export const ExpenseLimits = {
  maxTags: 5,
  maxTagLength: 50,
  maxVendorLength: 200,
  maxNotesLength: 2000,
  maxEntityNameLength: 100,
  maxEntityDescriptionLength: 500,
  /** numeric(12,2): ten digits before the point. */
  maxAmount: 9_999_999_999.99,
  defaultPageSize: 25,
  maxPageSize: 100,
  popularTags: 5,
  searchTags: 8,
} as const;

/**
 * The entity every account has and nobody can remove (docs/api.md, Expenses, entities and tags).
 */
export const PERSONAL_ENTITY = 'Personal';
/** What an expense without an entity is shown as, and the filter value that selects those. */
export const UNASSIGNED_ENTITY = 'Unassigned';
/** Tags every new account starts with. */
export const DEFAULT_TAGS = ['Travel', 'Meals', 'Office', 'Software', 'Gas', 'Groceries'] as const;

export const ExpenseStatuses = ['processing', 'ready', 'failed'] as const;
export type ExpenseStatus = (typeof ExpenseStatuses)[number];

/**
 * A field of an expense the reader fills in and the review queue asks a human to check, by the
 * name it has on the expense (and in `edited_fields` on the server).
 */
export const ReviewFields = ['vendor', 'amount', 'expense_date'] as const;
export type ReviewField = (typeof ReviewFields)[number];

/**
 * A read field whose confidence is below this (0 to 1) puts its expense in the review queue
 * until someone confirms it or edits that field by hand (docs/api.md, Review queue). One
 * number for the whole product: the server's queue filter and the SPA's highlight both use it.
 */
export const REVIEW_CONFIDENCE_THRESHOLD = 0.7;

/**
 * A rectangle on the receipt image, in pixels of the image `image_url` serves, after its EXIF
 * orientation (as a browser shows it): x and y from the top-left corner.
 */
export interface ImageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Why a field's value is not a reading (docs/ocr.md, "Unknown stays unknown"):
 * - `not_read`: nothing on the receipt gave it, or (a date) what it gave is not plausible
 *   (`isPlausibleExpenseDate`); the field stays empty where it can (the date is null and shows as
 *   "Date not read") or keeps a placeholder until someone sets it.
 * - `assumed`: taken from the account, not the receipt (the home currency when no symbol, code,
 *   country or language on the receipt told).
 * Either puts the expense in the review queue until the field is confirmed or set by hand.
 */
/** What an expense without a date shows where its date would be (and the PDF prints). */
export const DATE_NOT_READ = 'Date not read';

export const FieldFlags = ['not_read', 'assumed'] as const;
export type FieldFlag = (typeof FieldFlags)[number];

/**
 * How far back a receipt's date may lie before its upload and still count as read: 25 years
 * (the reader's own `OLDEST_YEARS` in ocr-service `date.ts`). A receipt older than that is
 * almost always a misread year (`2O25` read as `2005`, a till's year 1900); a bookkeeper keeps
 * records for at most ten years, so nothing real is lost by asking.
 */
export const OLDEST_EXPENSE_YEARS = 25;

/**
 * Whether a read date (YYYY-MM-DD) can be the purchase date of a receipt uploaded at
 * `uploadedAt`: a real calendar date, not after the upload day in any time zone (the upload's
 * UTC day plus one day of slack: no zone is more than 14 hours ahead), and not more than
 * OLDEST_EXPENSE_YEARS before it (docs/ocr.md, Unknown stays unknown).
 */
export function isPlausibleExpenseDate(date: string, uploadedAt: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1) return false;
  const uploadDay = Date.UTC(
    uploadedAt.getUTCFullYear(),
    uploadedAt.getUTCMonth(),
    uploadedAt.getUTCDate(),
  );
  if (time > uploadDay + 86_400_000) return false;
  const oldest = Date.UTC(
    uploadedAt.getUTCFullYear() - OLDEST_EXPENSE_YEARS,
    uploadedAt.getUTCMonth(),
    uploadedAt.getUTCDate(),
  );
  return time >= oldest;
}

/** How sure the reader was of one field, and the line of the receipt it was read from. */
export interface FieldEvidence {
  /** 0 to 1. */
  confidence: number;
  /** Null when the reader has no position (a PDF, a text receipt, a model's answer). */
  box: ImageBox | null;
  /** Set when the value was not read from the receipt; absent for a reading. */
  flag?: FieldFlag;
  /**
   * Set when the value came from the store memory: the user corrected an earlier receipt of the
   * same store (shown as "Remembered for this store"; docs/ocr.md).
   */
  remembered?: boolean;
}

/**
 * The fields the reader keeps evidence for: the review fields, the currency (its box is the
 * symbol or code it was read from) and the tax (its box the tax lines). The currency's
 * confidence does not put an expense in the review queue; an assumed currency (flag `assumed`)
 * does. Tax lines that contradict the total are read with a confidence below the threshold
 * and put it in the queue; no tax read leaves the tax out (it is not a review field).
 */
export type EvidenceField = ReviewField | 'currency' | 'tax_amount';

/**
 * Per-field evidence of the last reading. A field the reader did not find is left out, or carries
 * the flag `not_read` (confidence 0) where the expense shows a placeholder for it.
 */
export type FieldEvidenceMap = Partial<Record<EvidenceField, FieldEvidence>>;

/** `GET /api/expenses?review=needed`: only the expenses the review queue shows. */
export const ReviewFilters = ['needed'] as const;
export type ReviewFilter = (typeof ReviewFilters)[number];

/** 'user': entered by hand (always wins); 'provider': filled from EXCHANGE_RATES_URL. */
export type RateSource = 'user' | 'provider';

export const ExtractionMethods = ['image', 'text', 'manual'] as const;
export type ExtractionMethod = (typeof ExtractionMethods)[number];

/**
 * An expense as the API returns it (docs/api.md; the fields beyond the first product's in
 * docs/architecture.md, Decisions).
 */
/**
 * Why a receipt was flagged as a possible duplicate: the same file, the same picture (a
 * re-encoded, cropped or turned copy), the same e-receipt text, or the same vendor and amount
 * a day apart at most (docs/api.md, Duplicates).
 */
export const DuplicateReasons = ['file', 'image', 'text', 'details'] as const;
export type DuplicateReason = (typeof DuplicateReasons)[number];

export interface Expense {
  id: string;
  vendor: string;
  /** Two decimals; summed only in SQL. */
  amount: number;
  /** ISO 4217. */
  currency: string;
  /** Units of `rate_currency` for one unit of `currency`; null when there is none. */
  exchange_rate: number | null;
  /** The home currency the rate converts into (the home currency when it was stored). */
  rate_currency: string | null;
  /** Who gave the rate: the user, or the deployment's rates source; null without a rate. */
  rate_source: RateSource | null;
  /** YYYY-MM-DD the rates source published the rate; null for a user's rate. */
  rate_date: string | null;
  /**
   * YYYY-MM-DD; null when nobody knows it yet: a receipt still being read, or one whose reading
   * gave no plausible date (`field_evidence.expense_date.flag` is then `not_read`, shown as
   * "Date not read" and held in the review queue until someone sets it).
   */
  expense_date: string | null;
  /** The tax paid (two decimals), read or entered; null when unknown, never 0 for that. */
  tax_amount: number | null;
  /** The tax per rate (docs/api.md, Tax); null when unknown or only the sum is known. */
  tax_lines: TaxLine[] | null;
  /** Shown as Description. */
  notes: string | null;
  /** The entity's name; null means Unassigned. */
  entity: string | null;
  tags: string[];
  /** 0 to 1; null when nobody read the receipt (manual entry). */
  ocr_confidence: number | null;
  /** `/api/expenses/{id}/image` when the expense has an image. */
  image_url: string | null;
  extraction_method: ExtractionMethod;
  email_subject: string | null;
  raw_ocr_text: string | null;
  status: ExpenseStatus;
  processing_error: string | null;
  /**
   * An earlier expense of the same user this one may duplicate: the same file, a similar
   * picture (re-encoded, cropped or turned), the same e-receipt text, or the same vendor and
   * amount a day apart at most (docs/api.md, Duplicates). Null when none, or after Keep both.
   */
  duplicate_of: string | null;
  /**
   * Why `duplicate_of` was set ({@link DuplicateReasons}); null when it is not set, or for a
   * flag set before reasons were kept.
   */
  duplicate_reason: DuplicateReason | null;
  /** Per-field confidence and position of the last reading; null before one or for manual entry. */
  field_evidence: FieldEvidenceMap | null;
  /** The fields the user has set by hand (they count as checked). */
  edited_fields: ReviewField[];
  /** When someone confirmed the expense in the review queue; null until then. */
  reviewed_at: string | null;
  /** Its parts when the receipt is split between entities (docs/api.md, Splits); else null. */
  split: ExpenseSplit | null;
  created_at: string;
  updated_at: string;
}

/** The pagination object of a list (docs/api.md, `GET /api/expenses`). */
export interface Pagination {
  current_page: number;
  per_page: number;
  total_count: number;
  total_pages: number;
  has_next_page: boolean;
  has_prev_page: boolean;
}

/** An entity (a business or personal bucket). */
export interface ExpenseEntity {
  id: string;
  name: string;
  description: string | null;
}
