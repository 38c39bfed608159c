import { centsToNumber } from './amount.js';
import { extractCurrency } from './currency.js';
import { extractDate } from './date.js';
import { toTextLines } from './text-lines.js';
import { extractTotal } from './total.js';
import { extractVendor } from './vendor.js';

export interface ExtractOptions {
  /** The OCR engine's lines, for per-line confidence. */
  lines?: readonly { text: string; confidence: number }[];
  /** BCP 47 tag; `en-US` (and a USD receipt) reads 03/04/2024 as 4 March… month first. */
  locale?: string;
  /** "Today" for the plausibility check of dates. Default: now. */
  referenceDate?: Date;
}

export interface FieldConfidence {
  vendor: number;
  total: number;
  date: number;
  /** 0..1 for the receipt as a whole. */
  overall: number;
}

export interface ExtractedFields {
  vendor: string | null;
  /** Two decimals. */
  total: number | null;
  /** YYYY-MM-DD */
  date: string | null;
  /** ISO 4217 */
  currency: string | null;
  confidence: FieldConfidence;
}

const MONTH_FIRST_REGIONS = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'BZ']);

function monthFirst(locale: string | undefined, currency: string | null): boolean {
  if (locale) {
    const region = locale.split(/[-_]/)[1]?.toUpperCase();
    if (region) return MONTH_FIRST_REGIONS.has(region);
  }
  return currency === 'USD';
}

// The amount matters most to the user; vendor is the easiest to fix by hand.
export const WEIGHTS = { vendor: 0.25, total: 0.45, date: 0.3 };

/** Rule-based receipt fields from OCR text. Pure: no I/O, deterministic for a given referenceDate. */
export function extractFields(text: string, opts: ExtractOptions = {}): ExtractedFields {
  const lines = toTextLines(text, opts.lines);
  const currency = extractCurrency(text);
  const vendor = extractVendor(lines);
  const total = extractTotal(lines);
  const date = extractDate(lines, {
    order: monthFirst(opts.locale, currency.value) ? 'mdy' : 'dmy',
    referenceDate: opts.referenceDate ?? new Date(),
  });
  const overall =
    WEIGHTS.vendor * vendor.confidence +
    WEIGHTS.total * total.confidence +
    WEIGHTS.date * date.confidence;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    vendor: vendor.value,
    total: total.cents === null ? null : centsToNumber(total.cents),
    date: date.value,
    currency: currency.value,
    confidence: {
      vendor: round(vendor.confidence),
      total: round(total.confidence),
      date: round(date.confidence),
      overall: round(overall),
    },
  };
}
