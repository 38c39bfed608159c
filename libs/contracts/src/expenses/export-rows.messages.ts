import { IsInt, Max, Min } from 'class-validator';
import type { ExtractionMethod, RateSource } from '../core/expenses/expense.js';
import type { TaxLine } from '../core/expenses/tax.js';
import { ExportCursor, ExportWalk } from './export-page.messages.js';

/** The largest page `expenses.expense.export-rows.v1` hands out. */
export const EXPORT_ROWS_MAX = 5_000;

/**
 * One page of the user's ready expenses for a CSV export, oldest first, after `after`: the same
 * walk as `expenses.expense.export-page.v1`, in the compact form below.
 */
export class ExportRowsRequest extends ExportWalk {
  @Min(1, { message: `limit must be a whole number from 1 to ${EXPORT_ROWS_MAX}.` })
  @Max(EXPORT_ROWS_MAX, { message: `limit must be a whole number from 1 to ${EXPORT_ROWS_MAX}.` })
  @IsInt({ message: `limit must be a whole number from 1 to ${EXPORT_ROWS_MAX}.` })
  limit!: number;
}

/**
 * An expense as a CSV export needs it, as an array: a page of 100,000 objects repeats every key
 * 100,000 times in JSON, which costs more to write, send and read than the values themselves.
 */
export type ExportRow = [
  /** YYYY-MM-DD; null when the receipt gave no plausible date and nobody set one. */
  expense_date: string | null,
  vendor: string,
  /** Two decimals, as text: printed as stored, never through a float. */
  amount: string,
  currency: string,
  /** null is Unassigned. */
  entity: string | null,
  tags: string[],
  notes: string | null,
  extraction_method: ExtractionMethod,
  ocr_confidence: number | null,
  /** Ten decimals, as text; null without a rate. */
  exchange_rate: string | null,
  /** The currency the rate converts into. */
  rate_currency: string | null,
  rate_source: RateSource | null,
  /** YYYY-MM-DD, for a rate from the rates source. */
  rate_date: string | null,
  /** `amount` times `exchange_rate`, rounded to the cent, as text; null without a rate. */
  converted_amount: string | null,
  /** The tax paid, two decimals as text; null when unknown. */
  tax_amount: string | null,
  /** The tax per rate; null when unknown or only the sum is known. */
  tax_lines: TaxLine[] | null,
  /**
   * The currency is the home currency assumed (nothing on the receipt named one) and nobody set
   * it by hand: exports say so beside it, never pass it off as read.
   */
  currency_assumed: boolean,
];

export interface ExportRowsResponse {
  success: true;
  rows: ExportRow[];
  /** Give it back as `after` for the next page; null after the last page. */
  next: ExportCursor | null;
}
