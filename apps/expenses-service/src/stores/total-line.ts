import { nameKey, saysEnough } from './store-identity.js';

/** A line of a receipt that ends in an amount, with its label. */
export interface LabelledAmount {
  /** The words before the amount, as compared (`nameKey`): `totalrm`, `summeeur`. */
  label: string;
  /** Decimal text with two decimals, as the expenses table stores it. */
  amount: string;
}

/** The last amount on a line: digits with thousands or decimal separators. */
const AMOUNT = /(\d[\d.,']*\d|\d)\s*\D{0,4}$/;

/**
 * An amount as printed, to decimal text: a last separator followed by one or two digits is the
 * decimal mark (`1.234,50`, `9.00`); followed by three, a thousands separator (`52,000`,
 * `421.000` in currencies without cents). Null for what is not an amount.
 */
export function parsePrintedAmount(printed: string): string | null {
  const compact = printed.replace(/[ ']/g, '');
  const last = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  let whole = compact;
  let cents = '00';
  if (last >= 0) {
    const after = compact.slice(last + 1);
    if (after.length === 1 || after.length === 2) {
      whole = compact.slice(0, last);
      cents = after.padEnd(2, '0');
    } else if (after.length !== 3) {
      return null;
    }
  }
  const digits = whole.replace(/[.,]/g, '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  return `${BigInt(digits).toString()}.${cents}`;
}

function labelOf(text: string): string {
  return nameKey(text.replace(/\d+/g, ' '));
}

/**
 * Every line of the text that reads as "label … amount"; an amount alone on its line takes the
 * label of the line above when that one has no amount (`TOTAL:` over `9.00`).
 */
export function labelledAmounts(text: string | null): LabelledAmount[] {
  const found: LabelledAmount[] = [];
  let above = '';
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    const match = AMOUNT.exec(line);
    if (!match) {
      above = labelOf(line);
      continue;
    }
    const own = labelOf(line.slice(0, match.index));
    const label = saysEnough(own) ? own : above;
    above = '';
    const amount = parsePrintedAmount(match[1]);
    if (saysEnough(label) && label.length <= 40 && amount !== null) found.push({ label, amount });
  }
  return found;
}

/** The label of the first line whose amount is `amount` (the user's corrected total). */
export function labelOfTotal(text: string | null, amount: string): string | null {
  return labelledAmounts(text).find((line) => line.amount === amount)?.label ?? null;
}

/** The amount on the first line labelled `label`, if the receipt has one. */
export function amountOfLabel(text: string | null, label: string): string | null {
  return labelledAmounts(text).find((line) => line.label === label)?.amount ?? null;
}
