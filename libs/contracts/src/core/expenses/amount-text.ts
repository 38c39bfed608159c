import { ExpenseLimits } from './expense.js';

/**
 * The amount a person typed, read the same way wherever it is typed. Refunds are not expenses:
 * a negative amount is refused with its reason rather than turned into something else.
 */
export const AmountMessages = {
  required: 'Enter an amount.',
  unreadable: 'Enter the amount as a number, for example 12.50 or 12,50.',
  negative: 'Amount cannot be negative. SnapTrack records money spent; refunds are not supported.',
  tooManyDecimals: 'Amount can have at most 2 decimal places.',
  tooLarge: 'Amount is too large.',
} as const;

export type AmountReading = { ok: true; value: number } | { ok: false; message: string };

/** The decimal and grouping marks of a locale (BCP 47); '.' and ',' when it is unknown. */
export function amountSeparators(locale?: string): { decimal: string; group: string } {
  try {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    return { decimal, group: decimal === ',' ? '.' : ',' };
  } catch {
    return { decimal: '.', group: ',' };
  }
}

const SPACES = /[\s\u00a0\u202f']/g;
const CURRENCY_MARKS = /^[$€£¥₹]|[$€£¥₹]$/g;

/**
 * Reads `text` as an amount: either mark may be the decimal one where that is plain (`2,51`,
 * `1.234,56`, `1,234.56`); where it is not (`1,234`, `1.234`), the locale decides. Spaces and
 * apostrophes between digit groups and one currency symbol are allowed; anything else is
 * refused with the reason, never guessed.
 */
export function readAmount(text: string, locale?: string): AmountReading {
  let body = text.replace(SPACES, '').replace(CURRENCY_MARKS, '');
  if (body === '') return { ok: false, message: AmountMessages.required };
  if (/^[-−(]|[-−)]$/.test(body)) return { ok: false, message: AmountMessages.negative };
  if (body.startsWith('+')) body = body.slice(1);
  if (!/^[0-9.,]+$/.test(body) || !/[0-9]/.test(body)) {
    return { ok: false, message: AmountMessages.unreadable };
  }
  const normalised = toPlainDecimal(body, amountSeparators(locale));
  if (normalised === null) return { ok: false, message: AmountMessages.unreadable };
  const [whole, fraction = ''] = normalised.split('.');
  if (fraction.length > 2) return { ok: false, message: AmountMessages.tooManyDecimals };
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return { ok: false, message: AmountMessages.unreadable };
  if (value > ExpenseLimits.maxAmount) return { ok: false, message: AmountMessages.tooLarge };
  return { ok: true, value: Math.round(value * 100) / 100 };
}

/** `1.234,5` → `1234.5`; null when the marks do not form a number either way. */
function toPlainDecimal(body: string, marks: { decimal: string; group: string }): string | null {
  const kinds = [...new Set(body.replace(/[0-9]/g, ''))];
  if (kinds.length === 0) return body;
  if (kinds.length === 2) {
    // Both marks: the last one is the decimal, the other groups thousands.
    const decimal = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [whole, fraction, extra] = body.split(decimal);
    if (extra !== undefined || !groupedWell(whole, group)) return null;
    return `${whole.split(group).join('')}.${fraction}`;
  }
  const mark = kinds[0];
  const pieces = body.split(mark);
  if (pieces.length > 2) return groupedWell(body, mark) ? pieces.join('') : null;
  const [whole, fraction] = pieces;
  // One mark followed by exactly three digits reads both ways: the locale's meaning wins.
  if (fraction.length === 3 && whole !== '' && whole !== '0' && mark === marks.group) {
    return groupedWell(body, mark) ? pieces.join('') : null;
  }
  return `${whole}.${fraction}`;
}

/** `1,234,567`: a lead of 1 to 3 digits, then groups of exactly 3. */
function groupedWell(whole: string, group: string): boolean {
  const pieces = whole.split(group);
  if (pieces.length === 1) return /^[0-9]+$/.test(whole);
  return (
    /^[0-9]{1,3}$/.test(pieces[0]) && pieces.slice(1).every((piece) => /^[0-9]{3}$/.test(piece))
  );
}

/** The amount as the field shows it in the locale: two decimals, no grouping. */
export function formatAmountInput(value: number, locale?: string): string {
  const { decimal } = amountSeparators(locale);
  return value.toFixed(2).replace('.', decimal);
}
