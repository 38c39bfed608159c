import { THOUSANDTHS_CURRENCIES, WHOLE_UNIT_CURRENCIES, centsToNumber } from './amount.js';
import { currencyOf, printedCountry } from './country.js';
import { currencyLine, currencyMarks, datedCurrency, extractCurrency } from './currency.js';
import { extractDate, type DateOptions } from './date.js';
import { decideDateOrder, shortYearFirst } from './date-order.js';
import { decideDecimalMark, looksWholeUnits } from './locale-number.js';
import { toTextLines, unionBox, type EngineLine, type LineBox } from './text-lines.js';
import { extractTax } from './tax.js';
import { extractTotal } from './total.js';
import { extractVendor, type MailHeader } from './vendor.js';

/** Countries whose short dates count years by an era of their own (date.ts). */
const ERA_OF: Partial<Record<string, DateOptions['era']>> = {
  JP: 'japanese',
  TW: 'minguo',
  NP: 'bikramSambat',
};

export interface ExtractOptions {
  /** The OCR engine's lines, for per-line confidence and position. */
  lines?: readonly EngineLine[];
  /**
   * The account's BCP 47 tag: the last resort for the order of day and month and for the decimal
   * mark, after what the receipt itself shows (see date-order.ts, locale-number.ts).
   */
  locale?: string;
  /** "Today" for the plausibility check of dates. Default: now. */
  referenceDate?: Date;
  /** A mailed text receipt's From and Subject: who sold, where the text names nobody. */
  mail?: MailHeader;
}

export interface FieldConfidence {
  vendor: number;
  total: number;
  date: number;
  /** How the currency was known: printed (0.7 to 0.9) or inferred (lower). Not in `overall`. */
  currency: number;
  /** How sure the tax lines are (checked against the total or not); 0 when none. Not in `overall`. */
  tax: number;
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
  /** Nothing on the receipt said which currency: the account's locale or a bare `$` assumed it. */
  currencyAssumed?: boolean;
  /** The sum of the tax lines, two decimals; null when no tax line was read (never 0 for that). */
  taxAmount: number | null;
  /** Per rate: the rate in percent and its tax, net and gross (two decimals; null if not printed). */
  taxLines: ExtractedTaxLine[];
  confidence: FieldConfidence;
  /** The kind of evidence each confidence was looked up by (calibration.ts); null when not read. */
  basis?: FieldBasis;
  /**
   * Where on the image each field was read (the union of its lines' boxes, in the engine's
   * pixels); null when it was not read or the engine gave no boxes.
   */
  boxes?: FieldBoxes;
}

export interface FieldBasis {
  vendor: string | null;
  total: string | null;
  date: string | null;
}

export interface ExtractedTaxLine {
  rate: number | null;
  tax: number;
  net: number | null;
  gross: number | null;
}

export interface FieldBoxes {
  vendor: LineBox | null;
  total: LineBox | null;
  date: LineBox | null;
  /** The line printing the currency's symbol or code (see currencyLine). */
  currency: LineBox | null;
  /** The tax lines (the VAT table or the labelled tax lines). */
  tax?: LineBox | null;
}

// The amount matters most to the user; vendor is the easiest to fix by hand.
export const WEIGHTS = { vendor: 0.25, total: 0.45, date: 0.3 };

/** Rule-based receipt fields from OCR text. Pure: no I/O, deterministic for a given referenceDate. */
export function extractFields(text: string, opts: ExtractOptions = {}): ExtractedFields {
  const lines = toTextLines(text, opts.lines);
  const texts = lines.map((line) => line.text);
  // Evidence first from the receipt (its amounts, its country), the account's locale last.
  const country = printedCountry(text);
  const counted = decideDecimalMark(texts);
  const printedCurrency = extractCurrency(text, {
    decimalMark: counted,
    country,
    locale: opts.locale,
  });
  const decimalMark =
    counted ?? decideDecimalMark(texts, { currency: printedCurrency.value, locale: opts.locale });
  const order = decideDateOrder(texts, {
    country,
    currency: printedCurrency.value,
    locale: opts.locale,
  });
  const region = opts.locale?.match(/-([A-Za-z]{2})\b/)?.[1]?.toUpperCase() ?? null;
  const vendor = extractVendor(lines, { country: country ?? region, mail: opts.mail });
  // Without minor units: the currency's convention, or, when the receipt did not say which
  // currency, the way its own amounts are written. Three decimals: the currency's convention,
  // or the account's (in Kuwait an unmarked `1.600` is 1.60 however the receipt's money looks).
  const known = printedCurrency.assumed ? null : printedCurrency.value;
  const thousandths = THOUSANDTHS_CURRENCIES.has(printedCurrency.value ?? currencyOf(region) ?? '');
  const wholeUnits =
    known !== null ? WHOLE_UNIT_CURRENCIES.has(known) : !thousandths && looksWholeUnits(texts);
  const date = extractDate(lines, {
    order: order.order,
    orderSure: order.sure,
    referenceDate: opts.referenceDate ?? new Date(),
    buddhistEra: country === 'TH',
    era: ERA_OF[country ?? ''],
    shortYearFirst: shortYearFirst(country),
  });
  const printedTotal = extractTotal(lines, { decimalMark, wholeUnits, thousandths });
  // A country whose money changed (Croatia's kuna, Bulgaria's lev to the euro): the date decides.
  const currency = datedCurrency(printedCurrency, country, date.value, {
    lines: texts,
    cents: printedTotal.cents,
  });
  // Prices in two currencies: the total is the one in the receipt's.
  const marks = currency.value ? currencyMarks(text, currency.value, country) : null;
  const total = marks
    ? extractTotal(lines, { decimalMark, wholeUnits, thousandths, marks })
    : printedTotal;
  const tax = extractTax(lines, { decimalMark, wholeUnits, thousandths, totalCents: total.cents });
  const overall =
    WEIGHTS.vendor * vendor.confidence +
    WEIGHTS.total * total.confidence +
    WEIGHTS.date * date.confidence;
  const round = (n: number) => Math.round(n * 100) / 100;
  const boxOf = (indices: readonly (number | null)[]) =>
    unionBox(indices.map((i) => (i === null ? null : lines[i]?.box)));
  return {
    vendor: vendor.value,
    total: total.cents === null ? null : centsToNumber(total.cents),
    date: date.value,
    currency: currency.value,
    ...(currency.value !== null && currency.assumed ? { currencyAssumed: true } : {}),
    taxAmount: tax.cents === null ? null : centsToNumber(tax.cents),
    taxLines: tax.lines.map((line) => ({
      rate: line.rate,
      tax: centsToNumber(line.tax),
      net: line.net === null ? null : centsToNumber(line.net),
      gross: line.gross === null ? null : centsToNumber(line.gross),
    })),
    basis: { vendor: vendor.basis, total: total.basis, date: date.basis },
    confidence: {
      vendor: round(vendor.confidence),
      total: round(total.confidence),
      date: round(date.confidence),
      currency: currency.value === null ? 0 : round(currency.confidence),
      tax: tax.cents === null ? 0 : round(tax.confidence),
      overall: round(overall),
    },
    boxes: {
      vendor: vendor.value === null ? null : boxOf(vendor.lines),
      total: total.cents === null ? null : boxOf([total.line]),
      date: date.value === null ? null : boxOf([date.line]),
      currency:
        currency.value === null ? null : boxOf([currencyLine(texts, currency.marker, total.line)]),
      tax: tax.cents === null ? null : boxOf(tax.sourceLines),
    },
  };
}
