import { numberToCents, type DecimalMark } from './locale-number.js';

/** A money amount found in a line, in integer cents (never floats). */
export interface FoundAmount {
  cents: number;
  /** Offset of the match in the line, and just past its end. */
  index: number;
  end: number;
  /** A currency symbol or code was printed right before or after the number. */
  currency: string | null;
}

export interface AmountOptions {
  /** The receipt's decimal mark (see locale-number.ts); null or absent when unknown. */
  decimalMark?: DecimalMark | null;
  /**
   * The receipt's currency is counted in whole units (VND, IDR, JPY, …: see WHOLE_UNIT_CURRENCIES):
   * `421.000`, `52,000`, `35 000` are thousands, and a whole number is an amount without a symbol.
   */
  wholeUnits?: boolean;
  /**
   * The receipt's currency has three decimals (KWD, BHD, OMR, …: see THOUSANDTHS_CURRENCIES): a
   * last group of three after the decimal mark is fils or millimes (`1.600` is 1.60), rounded to
   * the cent the product stores.
   */
  thousandths?: boolean;
  /**
   * A space may separate thousands ("35 000"). False when the receipt groups its thousands with a
   * comma or point: there "660 660" is two amounts (see printsMarkGroups).
   */
  spaceThousands?: boolean;
}

// A whole number grouped with a comma or point: "5,080", "100.300"; not "12,50" or "0.365".
const MARK_GROUPED = /(?<![\d.,])[1-9]\d{0,2}[.,]\d{3}(?![\d]|[.,]\d)/;

/** True when the receipt writes thousands with a comma or point (so a space separates amounts). */
export function printsMarkGroups(lines: readonly string[]): boolean {
  return lines.some((line) => MARK_GROUPED.test(line));
}

/**
 * Currencies whose prices are printed without minor units (ISO 4217 exponent 0, and those whose
 * cents nobody prints: IDR, HUF, …): a group of three digits after a point or comma is thousands.
 */
export const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set([
  'VND',
  'IDR',
  'COP',
  'CLP',
  'KRW',
  'JPY',
  'HUF',
  'PYG',
  'UGX',
  'ISK',
  'IQD',
  'IRR',
  'LAK',
  'MMK',
  'UZS',
  'KMF',
  'GNF',
  'RWF',
  'XAF',
  'XOF',
  'XPF',
  'VUV',
]);

/** Currencies of three decimals (ISO 4217 exponent 3; Iraq's dinar is printed whole). */
export const THOUSANDTHS_CURRENCIES: ReadonlySet<string> = new Set([
  'BHD',
  'JOD',
  'KWD',
  'LYD',
  'OMR',
  'TND',
]);

// Letter codes must not end a word ("MARKT 12,50" holds no "KR"); symbols may touch the digits.
const CODE = String.raw`RM|MYR|USD|US\$|S\$|SGD|A\$|AUD|C\$|CAD|NZ\$|NZD|HK\$|HKD|R\$|BRL|EUR|EURO|GBP|CHF|SFR|FR\.|JPY|INR|RS\.?|SEK|NOK|DKK|KR\.?|PLN|ZŁ|CZK|KČ|VND|Đ|IDR|RP\.?|KRW|CLP|COP|HUF|FT|TRY|TL|UAH|ГРН|ILS|NIS|THB|PHP|RON|LEI|HRK|KN|EGP|ZAR|MXN|ARS|TWD|CNY|RMB|KWD|KD|BHD|OMR|R\.O\.?|JOD|JD|TND|DT|LYD`;
const SYMBOL = String.raw`\$|£|€|¥|円|元|₹|₩|₱|฿|₫|₺|₴|₪|원`;
const PREFIX = String.raw`(?:(?<![A-Za-z])(${CODE})|(${SYMBOL}))`;
const SUFFIX = String.raw`(?:\s?(?:(${SYMBOL})|(${CODE})(?![A-Za-z])))`;

// sign, optional currency, optional sign, integer part (plain, with , . ' or space thousands
// groups, or in India's lakhs and crores: "1,24,990"), decimal separator, two decimals or a dash
// for none at the end of the line ("45,-", "12.–", as Nordic, Swiss and German tills print whole
// units; not a list's "1.- PAN"), optional currency, optional trailing minus. OCR often puts a
// space around the decimal point ("9. 00").
const NO_CENTS = String.raw`[-–]{1,2}(?=\s*(?:\p{L}\s*)?$)`;
const amountPattern = (integer: string, decimals: string) =>
  new RegExp(
    String.raw`(?<![\d.,])(\()?(-)?(?:${PREFIX}\s?)?(-)?` +
      String.raw`(${integer})(?:\s?([.,])\s?(${decimals}|${NO_CENTS}))?(?!\d|[.,]\d)` +
      String.raw`${SUFFIX}?(\))?(\s?-(?=\s|$))?`,
    'giu',
  );
const AMOUNT = amountPattern(
  String.raw`\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:[,.' ]\d{3})+|\d+`,
  String.raw`\d{2}`,
);
// Three decimals: a group of three after the last mark is the decimals ("1.600", "12,350"); only
// the other mark, a space or an apostrophe groups thousands ("1,234.500", "1.234,500").
const AMOUNT_THOUSANDTHS = amountPattern(
  String.raw`\d{1,3}(?:[' ]\d{3})+|\d{1,3}(?:,\d{3})+(?=\.\d)|\d{1,3}(?:\.\d{3})+(?=,\d)|\d+`,
  String.raw`\d{3}|\d{2}`,
);

/**
 * Fixes O/o read for 0 inside number-like tokens ("9.0O", "1O.50"); in a currency without minor
 * units, in a thousands group too ("914.40O" is 914.400 ₫).
 */
function fixDigits(line: string, wholeUnits: boolean): string {
  const token = wholeUnits ? NUMBER_LIKE_GROUPED : NUMBER_LIKE;
  return line.replace(token, (found) => found.replace(/[Oo]/g, '0'));
}
/** A number OCR may have written with O for 0, its last group `digits` long. */
const numberLike = (digits: string) =>
  new RegExp(String.raw`(?<![A-Za-z])[\dOo]*\d[\dOo]*[.,][\dOo]{${digits}}(?![A-Za-z])`, 'g');
const NUMBER_LIKE = numberLike('2');
const NUMBER_LIKE_GROUPED = numberLike('2,3');

/**
 * Finds amounts with two decimals ("12.50", "1,234.56", "1.234,56", "1 234,56", "RM 9. 00",
 * "-0.01", "0,50-", "(2.00)", "12,50 €"), and whole amounts only when a currency is printed beside
 * them ("$5", "¥1,200", "5 €"). Percentages and parts of dates ("25.12.2018") are not amounts.
 * Thousands groups separated by spaces count only on decimal-comma receipts or next to a
 * currency: elsewhere "2 120.00" is a quantity and a price.
 */
export function findAmounts(line: string, options: AmountOptions = {}): FoundAmount[] {
  const mark = options.decimalMark ?? null;
  const wholeUnits = options.wholeUnits === true;
  const fixed = fixDigits(line, wholeUnits);
  const found: FoundAmount[] = [];
  const hours = openingHours(fixed);
  const pattern = options.thousandths ? AMOUNT_THOUSANDTHS : AMOUNT;
  const re = new RegExp(pattern.source, pattern.flags);
  for (let m = re.exec(fixed); m !== null; m = re.exec(fixed)) {
    const [whole, open, signBefore, code, symbol, signAfterCurrency, integerPart, separator] = m;
    const [printedDecimals, suffixSymbol, suffixCode, close, signAfter] = m.slice(8);
    // "45,-": whole units, no cents.
    const decimals = printedDecimals?.replace(/^[-–]+$/, '00');
    let start = m.index;
    const currency = code ?? symbol ?? suffixSymbol ?? suffixCode ?? null;
    const spaceGroups =
      mark === ',' || currency !== null || (wholeUnits && options.spaceThousands !== false);
    if (integerPart.includes(' ') && !spaceGroups) {
      // "2 120.00": restart at the last group so the price is still found.
      re.lastIndex = start + whole.indexOf(integerPart) + integerPart.lastIndexOf(' ') + 1;
      continue;
    }
    let end = start + whole.length;
    if (fixed[end] === '%' || fixed.slice(end).startsWith(' %')) continue;
    if (hours.some(([from, to]) => start < to && end > from)) continue;
    if (decimals === undefined || separator === undefined) {
      // A whole amount needs a currency before it or a symbol after it ("$5", "RM 12", "5 €"),
      // and no letter glued to it ("PT17920 SEK" is an address, not money). In a currency
      // without minor units, a number of three digits or more is one ("TOTAL 30000", "421.000").
      const before = fixed[start - 1] ?? ' ';
      const after = fixed[start + whole.length] ?? ' ';
      // A label's colon may touch the number ("Amount :30000. Rp"); a time's may not ("08:59").
      const labelColon = before === ':' && !/\d/.test(fixed[start - 2] ?? ' ');
      if (
        !(code ?? symbol ?? suffixSymbol) &&
        !(wholeUnits && wholeUnitNumber(integerPart, labelColon ? ' ' : before, after))
      ) {
        continue;
      }
      if (!(code ?? symbol) && /[A-Za-z]/.test(before)) continue;
      // A letter code glued to a whole number is a code ("RON95" petrol, "CASHIER:FT8303"),
      // except in a currency without minor units ("Rp30.000").
      if (code && !wholeUnits && /[A-Za-z]$/.test(whole.slice(0, whole.indexOf(integerPart)))) {
        continue;
      }
      if (integerPart.replace(/\D/g, '').length > 7) continue;
    }
    const cents = wholeUnits
      ? wholeUnitCents(integerPart, decimals)
      : decimals?.length === 3
        ? thousandthsToCents(integerPart, decimals)
        : numberToCents(integerPart, decimals, mark);
    if (cents === null) continue;
    const parenthesised = Boolean(open && close);
    if (open && !close) start += 1;
    if (close && !open) end -= 1;
    const negative = Boolean(signBefore ?? signAfterCurrency ?? signAfter) || parenthesised;
    found.push({ cents: negative ? -cents : cents, index: start, end, currency });
  }
  return found;
}

/**
 * Two times of day joined by a dash, the first the earlier: "07.00-23.00", "8.30 – 20.00"; not
 * a discount's trailing minus before another amount ("0.50- 12.00").
 */
const TIME_RANGE =
  /(?<![\d.,])([01]?\d|2[0-4])\.([0-5]\d)(?:[-–]| [-–] )([01]?\d|2[0-4])\.([0-5]\d)(?![\d.,])/g;

/**
 * Where a line prints opening hours ("ZILNIC 07.00-23.00" on a Romanian receipt): neither time
 * is money (the 23.00 had passed for an item above the total). [start, end) of each.
 */
function openingHours(line: string): [number, number][] {
  return [...line.matchAll(TIME_RANGE)]
    .filter(([, h1, m1, h2, m2]) => Number(h1) * 60 + Number(m1) < Number(h2) * 60 + Number(m2))
    .map((m) => [m.index, m.index + m[0].length]);
}

/**
 * A number that is an amount on a receipt in whole units: thousands groups ("421.000", "52,000",
 * "35 000") or three digits or more, not a leading-zero code ("0274") and not glued to a letter,
 * a slash, a colon, a dash, a hash or an asterisk (a code, a date, a time, a number, a masked
 * card number), nor followed by a CJK date or time unit ("2019年", "10월").
 */
function wholeUnitNumber(integer: string, before: string, after: string): boolean {
  if (/[A-Za-z/:#*年月日時时분년월일시-]/.test(after) || /[/:#*-]/.test(before)) return false;
  if (/^0/.test(integer)) return false;
  return /[,.' ]/.test(integer) || integer.length >= 3;
}

/**
 * Cents of an amount in whole units: every group of three after a point, comma, apostrophe or
 * space is thousands; two digits after a mark are still decimals ("44,900.00"), but never other
 * than zero: a currency without minor units has no cents to print, so "TOTAL 305,60" on a dong
 * receipt is a misread "305,000", not 305.60 đ.
 */
function wholeUnitCents(integer: string, decimals: string | undefined): number | null {
  const digits = integer.replace(/[,.' ]/g, '');
  if (digits.length > 9) return null;
  if (decimals !== undefined && Number(decimals) !== 0) return null;
  return Number(digits) * 100 + (decimals === undefined ? 0 : Number(decimals));
}

/** An amount of three decimals to cents, the last decimal rounded ("1.625" → 163). */
function thousandthsToCents(integer: string, decimals: string): number | null {
  const digits = integer.replace(/[,.' ]/g, '');
  if (digits.length > 9) return null;
  return Number(digits) * 100 + Math.round(Number(decimals) / 10);
}

/** Parses one money string ("RM 29.70", "$8.20", "43.7", "1.234,56") to cents; null if none. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim();
  const oneDecimal = /^(?:[A-Z$£€]{0,3}\s?)(\d+)[.,](\d)$/i.exec(trimmed);
  if (oneDecimal) return Number(oneDecimal[1]) * 100 + Number(oneDecimal[2]) * 10;
  const amounts = findAmounts(trimmed);
  if (amounts.length > 0) return amounts[amounts.length - 1].cents;
  const whole = /^(?:[A-Z$£€]{0,3}\s?)(\d{1,7})$/i.exec(trimmed);
  return whole ? Number(whole[1]) * 100 : null;
}

/** Cents to a number with two decimals (one division, so no accumulated float error). */
export function centsToNumber(cents: number): number {
  return Math.round(cents) / 100;
}
