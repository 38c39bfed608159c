import { ExpenseLimits } from './expense.js';

/**
 * One rate of a receipt's tax (docs/api.md, Tax): the rate in percent (19 for 19 %) and the
 * money at that rate, two decimals like `amount`. `rate`, `net` and `gross` are null where the
 * receipt did not print them (a US `TAX 0.82` line has neither rate nor net).
 */
export interface TaxLine {
  rate: number | null;
  tax: number;
  net: number | null;
  gross: number | null;
}

/** What an expense says about its tax; both null when no tax was read or entered. */
export interface ExpenseTax {
  /** The tax paid, two decimals; null when unknown (never 0 for "not read"). */
  tax_amount: number | null;
  /** Per rate; null when unknown or when only the sum is known. */
  tax_lines: TaxLine[] | null;
}

export const TaxLimits = {
  /** Rates a receipt can print. */
  maxRate: 100,
  /** A receipt has a few rates (a VAT table rarely more than four). */
  maxLines: 10,
} as const;

/** The words of the form and the API alike (PATCH /api/expenses/{id}). */
export const TaxMessages = {
  amount: 'Tax must be a number of 0 or more with at most 2 decimal places.',
  moreThanTotal: 'Tax cannot be more than the total amount.',
  lines: `Tax lines must be a list of at most ${TaxLimits.maxLines} rates.`,
  rate: `Each tax rate must be a percentage from 0 to ${TaxLimits.maxRate}.`,
  lineMoney: 'Each tax line needs its tax, and net and gross when given, as amounts of 0 or more.',
  netPlusTax: 'In each tax line, net + tax must equal gross.',
  sumOfLines: 'The tax lines must add up to the tax amount.',
  grossMoreThanTotal: 'The tax lines’ gross amounts add up to more than the total amount.',
} as const;

const cents = (value: number) => Math.round(value * 100);

/** A money value as the API takes it: a finite number of 0 or more, two decimals at most. */
export function isTaxMoney(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= ExpenseLimits.maxAmount &&
    Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
  );
}

/**
 * The one rule for an expense's tax, applied by the server on every edit and by the edit form
 * before it sends: tax amount and lines well formed, each line's net + tax = gross where both
 * are given, the lines adding up to the tax amount, and neither the tax nor the lines' gross
 * more than the expense's total. Returns the first problem in the user's words, or null.
 */
export function taxProblem(
  amount: number,
  taxAmount: number | null,
  lines: readonly TaxLine[] | null,
): string | null {
  if (taxAmount !== null && !isTaxMoney(taxAmount)) return TaxMessages.amount;
  if (lines !== null) {
    // The server calls this on what a request sent: a list is checked, not assumed.
    const sent: unknown = lines;
    if (!Array.isArray(sent) || lines.length > TaxLimits.maxLines) return TaxMessages.lines;
    for (const line of lines) {
      if (typeof line !== 'object' || line === null) return TaxMessages.lines;
      const rate = line.rate ?? null;
      const net = line.net ?? null;
      const gross = line.gross ?? null;
      if (
        rate !== null &&
        (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > TaxLimits.maxRate)
      ) {
        return TaxMessages.rate;
      }
      if (!isTaxMoney(line.tax)) return TaxMessages.lineMoney;
      if (net !== null && !isTaxMoney(net)) return TaxMessages.lineMoney;
      if (gross !== null && !isTaxMoney(gross)) return TaxMessages.lineMoney;
      if (net !== null && gross !== null && cents(net) + cents(line.tax) !== cents(gross)) {
        return TaxMessages.netPlusTax;
      }
    }
    if (taxAmount !== null && lines.length > 0 && !taxLinesAddUpTo(lines, taxAmount)) {
      return TaxMessages.sumOfLines;
    }
    const gross = lines.reduce((s, line) => s + cents(line.gross ?? 0), 0);
    if (gross > cents(amount)) return TaxMessages.grossMoreThanTotal;
  }
  if (taxAmount !== null && cents(taxAmount) > cents(amount)) return TaxMessages.moreThanTotal;
  return null;
}

/** A line with exactly its four keys, a missing one null (what is stored and returned). */
export function normalizeTaxLine(line: TaxLine): TaxLine {
  return {
    rate: line.rate ?? null,
    tax: line.tax,
    net: line.net ?? null,
    gross: line.gross ?? null,
  };
}

/** The tax amount of a list of lines: their tax added up to the cent; null for none. */
export function sumTaxLines(lines: readonly TaxLine[] | null): number | null {
  if (!lines || lines.length === 0) return null;
  return lines.reduce((s, line) => s + cents(line.tax), 0) / 100;
}

/** Whether the lines add up to the tax amount to the cent; false without lines or amount. */
export function taxLinesAddUpTo(
  lines: readonly TaxLine[] | null,
  taxAmount: number | null,
): boolean {
  const sum = sumTaxLines(lines);
  return sum !== null && taxAmount !== null && cents(sum) === cents(taxAmount);
}
