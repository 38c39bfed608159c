/**
 * Which character a receipt uses as its decimal mark. `1.234,56` (de, fr with spaces, es, it, nl,
 * pt) and `1,234.56` (en, ms, ja, zh; `1'234.56` in Switzerland) never mix on one receipt, so the
 * other amounts printed on it settle how an ambiguous `1.234` or `1,234` reads.
 */
export type DecimalMark = ',' | '.';

// Two decimals after one separator, not followed by more digits or another group ("12,50", not
// "25.12.2018" or "0,456"). A digit group of three before it on the other mark counts double.
const COMMA_DECIMAL = /(?<![\d.,])\d{1,3}(?:[.' ]\d{3})*,\d{2}(?![\d]|[.,]\d)/g;
const POINT_DECIMAL = /(?<![\d.,])\d{1,3}(?:[,' ]\d{3})*\.\d{2}(?![\d]|[.,]\d)/g;
const GROUPED_COMMA = /\d\.\d{3},\d{2}(?!\d)/;
const GROUPED_POINT = /\d,\d{3}\.\d{2}(?!\d)/;

// Currencies whose home countries write a decimal comma, and those that write a point.
const COMMA_CURRENCIES = new Set(['EUR', 'BRL', 'PLN', 'CZK', 'SEK', 'NOK', 'DKK', 'TRY', 'IDR']);
const POINT_CURRENCIES = new Set([
  'USD',
  'GBP',
  'MYR',
  'SGD',
  'AUD',
  'NZD',
  'CAD',
  'HKD',
  'JPY',
  'INR',
  'CHF',
  'THB',
  'PHP',
]);
// Regions of BCP 47 tags that write a decimal point; the rest of Europe and Latin America a comma.
const POINT_REGIONS = new Set([
  'US',
  'GB',
  'IE',
  'MY',
  'SG',
  'AU',
  'NZ',
  'CA',
  'HK',
  'JP',
  'CN',
  'IN',
  'CH',
  'TH',
  'PH',
  'MX',
  'MT',
]);

export interface DecimalEvidence {
  mark: DecimalMark | null;
  /** Counted amounts on the receipt written with a decimal comma / point. */
  comma: number;
  point: number;
}

/** Counts how the receipt's own amounts are written. Dates and weights do not count. */
export function countDecimalMarks(lines: readonly string[]): DecimalEvidence {
  let comma = 0;
  let point = 0;
  for (const line of lines) {
    comma += (line.match(COMMA_DECIMAL) ?? []).length + (GROUPED_COMMA.test(line) ? 2 : 0);
    point += (line.match(POINT_DECIMAL) ?? []).length + (GROUPED_POINT.test(line) ? 2 : 0);
  }
  // Clear majority only: OCR turns the odd "." into "," and back.
  const mark = comma >= 2 * point && comma > 0 ? ',' : point >= 2 * comma && point > 0 ? '.' : null;
  return { mark, comma, point };
}

/**
 * The receipt's decimal mark: from its own amounts when they agree, else from its currency, else
 * from the account's locale; null when nothing tells.
 */
export function decideDecimalMark(
  lines: readonly string[],
  hints: { currency?: string | null; locale?: string } = {},
): DecimalMark | null {
  const counted = countDecimalMarks(lines).mark;
  if (counted) return counted;
  if (hints.currency && COMMA_CURRENCIES.has(hints.currency)) return ',';
  if (hints.currency && POINT_CURRENCIES.has(hints.currency)) return '.';
  const region = hints.locale?.split(/[-_]/)[1]?.toUpperCase();
  if (region) return POINT_REGIONS.has(region) ? '.' : ',';
  return null;
}

/**
 * Integer cents of a printed number: `integer` may hold thousands groups (`1.234`, `1,234`,
 * `1 234`, `1'234`), `decimals` the two digits after the decimal mark (or undefined for a whole
 * amount). A whole `1.234` / `1,234` is a thousands group only when that separator is not the
 * receipt's decimal mark; otherwise (a weight, a quantity) it is not money: null.
 */
export function numberToCents(
  integer: string,
  decimals: string | undefined,
  mark: DecimalMark | null,
): number | null {
  if (decimals === undefined && mark !== null && integer.includes(mark)) return null;
  const digits = integer.replace(/[,.' ]/g, '');
  if (digits.length > 9) return null;
  return Number(digits) * 100 + (decimals === undefined ? 0 : Number(decimals));
}

// A whole number in thousands groups: "10,400", "421.000", "1.374.945"; not "0.365" (a weight).
const WHOLE_GROUPED = /(?<![\d.,])[1-9]\d{0,2}(?:[.,]\d{3})+(?![\d]|[.,]\d)/g;

/** How many whole numbers in thousands groups the text prints ("45.000", "1,250,000"). */
export function wholeGroupedCount(text: string): number {
  return (text.match(WHOLE_GROUPED) ?? []).length;
}

/**
 * The receipt writes its money in whole units (no cents: VND, IDR, CLP, COP …), as its own
 * amounts show: at least three numbers in thousands groups and (nearly) no two-decimal amount.
 * For a receipt whose currency is not known from evidence.
 */
export function looksWholeUnits(lines: readonly string[]): boolean {
  let grouped = 0;
  for (const line of lines) grouped += wholeGroupedCount(line);
  const { comma, point } = countDecimalMarks(lines);
  return grouped >= 3 && (comma + point) * 5 <= grouped;
}
