import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ExportFiltersInput, nested } from '../export/export-filters.js';
import type { ExtractionMethod } from '../core/expenses/expense.js';
import { IsCalendarDate } from './expense-input.js';

/** The largest page `expenses.expense.export-page.v1` hands out. */
export const EXPORT_PAGE_MAX = 2000;

/**
 * Where the next export page starts: the last row of the previous one in the export's order
 * (date, creation time, id; oldest first, undated expenses last). `created_at` is Postgres' text of the timestamp, with
 * its microseconds, which a JavaScript Date would lose.
 */
export class ExportCursor {
  /** Null once the walk is among the undated expenses (they come last). */
  @ValidateIf((cursor: ExportCursor) => cursor.expense_date !== null)
  @IsCalendarDate({ message: 'The cursor is malformed.' })
  expense_date!: string | null;

  @MaxLength(40, { message: 'The cursor is malformed.' })
  @Matches(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/, {
    message: 'The cursor is malformed.',
  })
  @IsString({ message: 'The cursor is malformed.' })
  created_at!: string;

  @IsUUID('all', { message: 'The cursor is malformed.' })
  id!: string;

  /** Over lines (CSV rows): the position of the split expense's last part handed out. */
  @IsOptional()
  @Max(32767, { message: 'The cursor is malformed.' })
  @Min(0, { message: 'The cursor is malformed.' })
  @IsInt({ message: 'The cursor is malformed.' })
  part?: number;
}

/**
 * Where an export walk is: which expenses (`filters`) and the last row already handed out.
 * Exports walk the whole set page by page (keyset), so no side ever holds all of it.
 */
export class ExportWalk {
  @IsOptional()
  @Transform(nested(ExportFiltersInput))
  @ValidateNested()
  @IsObject({ message: 'filters must be an object.' })
  filters?: ExportFiltersInput;

  @IsOptional()
  @Transform(nested(ExportCursor))
  @ValidateNested()
  @IsObject({ message: 'The cursor is malformed.' })
  after?: ExportCursor;
}

/** One page of the user's ready expenses for an export, oldest first, after `after`. */
export class ExportPageRequest extends ExportWalk {
  @Min(1, { message: `limit must be a whole number from 1 to ${EXPORT_PAGE_MAX}.` })
  @Max(EXPORT_PAGE_MAX, { message: `limit must be a whole number from 1 to ${EXPORT_PAGE_MAX}.` })
  @IsInt({ message: `limit must be a whole number from 1 to ${EXPORT_PAGE_MAX}.` })
  limit!: number;

  /** Also send what the PDF shows of a receipt: its image key and the email text. */
  @IsOptional()
  @IsBoolean({ message: 'with_source must be true or false.' })
  with_source?: boolean;

  /**
   * One item per line: each part of a split expense (same id) with its amount, entity, tags
   * and description, only the parts the entity and tag filters match (docs/api.md, Splits).
   */
  @IsOptional()
  @IsBoolean({ message: 'lines must be true or false.' })
  lines?: boolean;
}

/** An expense as exports need it. */
export interface ExportExpense {
  id: string;
  /** YYYY-MM-DD; null when the receipt gave no plausible date and nobody set one. */
  expense_date: string | null;
  vendor: string;
  /** Two decimals, as text: exports print it as it is stored, never through a float. */
  amount: string;
  currency: string;
  /** null is Unassigned. */
  entity: string | null;
  tags: string[];
  notes: string | null;
  extraction_method: ExtractionMethod;
  ocr_confidence: number | null;
  /** The tax paid, two decimals as text; null when unknown (never 0 for that). */
  tax_amount: string | null;
  /** With `with_source` only. */
  image_key?: string | null;
  email_subject?: string | null;
  /** The email text of an emailed receipt (`extraction_method` 'text'); with `with_source`. */
  email_text?: string | null;
  /** No date: nothing on the receipt gave one and nobody set it (with_source). */
  date_not_read?: boolean;
  /**
   * The currency is the account's home currency assumed (nothing on the receipt named one) and
   * nobody set it by hand: the PDF and the Xero bills say so, as the card does.
   */
  currency_assumed?: boolean;
}

export interface ExportPageResponse {
  success: true;
  expenses: ExportExpense[];
  /** Give it back as `after` for the next page; null after the last page. */
  next: ExportCursor | null;
}
