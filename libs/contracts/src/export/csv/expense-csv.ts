import {
  UNASSIGNED_ENTITY,
  type ExtractionMethod,
  type RateSource,
} from '../../core/expenses/expense.js';
import type { TaxLine } from '../../core/expenses/tax.js';
import type { ExportRow } from '../../expenses/export-rows.messages.js';
import { textCell } from './csv-cells.js';

/** The spec's columns, one expense a row. */
const SPEC_COLUMNS = [
  'Date',
  'Vendor',
  'Amount',
  'Currency',
  'Entity',
  'Tags',
  'Description',
  'Source',
  'Confidence',
];

/**
 * The bookkeeper's columns: the spec's, then the money in more than one currency (trailing,
 * so a reader of the spec's columns by position still finds them): the rate, where it came
 * from, and the amount in the home currency where there is one.
 */
export function expenseCsvHeader(home: string): string[] {
  return [
    ...SPEC_COLUMNS,
    'Exchange rate',
    'Rate source',
    `Amount in ${home}`,
    ...TAX_COLUMNS,
    CURRENCY_ASSUMED_COLUMN,
  ];
}

/**
 * The tax, after the currency columns (appended, so every earlier column keeps its place): the
 * tax paid in the expense's currency, and its rates ("19% 3.87; 7% 0.74"). Empty when unknown.
 */
const TAX_COLUMNS = ['Tax', 'Tax rates'];

/**
 * Last, appended like the others: "Yes" when the Currency column is the home currency assumed
 * (nothing on the receipt named one, nobody set it), so it is never taken for a reading; empty
 * for a currency read or set by hand.
 */
const CURRENCY_ASSUMED_COLUMN = 'Currency assumed';

/** `19% 3.87; 7% 0.74`; a line without a printed rate is its tax alone. */
export function taxRatesCell(lines: readonly TaxLine[] | null): string {
  if (!lines) return '';
  return lines
    .map((line) =>
      line.rate === null ? line.tax.toFixed(2) : `${line.rate}% ${line.tax.toFixed(2)}`,
    )
    .join(TAG_SEPARATOR);
}

/** "Entered" for a user's rate, "Rates source 2026-11-27" for the deployment's. */
function rateSourceCell(source: RateSource | null, date: string | null): string {
  if (source === 'user') return 'Entered';
  if (source === 'provider') return `Rates source ${date ?? ''}`.trim();
  return '';
}

const SOURCES: Record<ExtractionMethod, string> = {
  image: 'Receipt image',
  text: 'Email',
  manual: 'Manual',
};

/** Tags in one cell; `;` because a comma would read like a second column to a person. */
export const TAG_SEPARATOR = '; ';

/** A row; `home` is the account's home currency (the last column's). */
export function expenseCsvRow(
  home: string,
  [
    date,
    vendor,
    amount,
    currency,
    entity,
    tags,
    notes,
    method,
    confidence,
    rate,
    rateCurrency,
    rateSource,
    rateDate,
    converted,
    taxAmount,
    taxLines,
    currencyAssumed,
  ]: ExportRow,
): string[] {
  const intoHome = rateCurrency === home;
  let inHome = '';
  if (currency === home) inHome = amount;
  else if (intoHome) inHome = converted ?? '';
  return [
    date ?? '',
    textCell(vendor),
    amount,
    textCell(currency),
    textCell(entity ?? UNASSIGNED_ENTITY),
    textCell(tags.join(TAG_SEPARATOR)),
    textCell(notes),
    SOURCES[method],
    confidence === null ? '' : confidence.toFixed(2),
    // A rate into an earlier home currency says nothing about this one.
    intoHome && rate !== null ? trimZeros(rate) : '',
    intoHome ? rateSourceCell(rateSource, rateDate) : '',
    inHome,
    taxAmount ?? '',
    taxRatesCell(taxLines),
    currencyAssumed ? 'Yes' : '',
  ];
}

/** `4.2000000000` -> `4.2`: the stored ten decimals, without the padding. */
function trimZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}
