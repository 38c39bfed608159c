import type { ExportExpense } from '@snaptrack/contracts';

/** The vendor part's longest, in characters: the whole name stays far below every OS's 255. */
const MAX_VENDOR_CHARS = 60;

export const UNKNOWN_DATE = 'unknown-date';
export const UNKNOWN_VENDOR = 'unknown-vendor';

/**
 * One part of a file name that every OS takes: letters and digits of any script (NFC, as
 * Windows and Linux store them), `-` for every run of anything else (path separators, `<>:"|?*`,
 * control characters, dots, spaces), none at either end. Empty when nothing is left.
 */
export function fileNamePart(text: string, maxChars = MAX_VENDOR_CHARS): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...cleaned].slice(0, maxChars).join('').replace(/-+$/, '');
}

/** The receipt file's own extension, from its stored key (`receipts/<user>/<id>.jpg`). */
export function extensionOf(key: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(key);
  return match ? match[1].toLowerCase() : 'bin';
}

/**
 * `YYYY-MM-DD_vendor_amount_currency.ext` for an expense's original receipt file. A date
 * nobody read or set is `unknown-date`, an empty vendor `unknown-vendor`: never a value that
 * looks like a reading.
 */
export function receiptFileName(expense: ExportExpense, key: string): string {
  const date = (!expense.date_not_read && expense.expense_date) || UNKNOWN_DATE;
  const vendor = fileNamePart(expense.vendor) || UNKNOWN_VENDOR;
  const amount = expense.amount.replace(/[^0-9.-]/g, '');
  const currency = fileNamePart(expense.currency, 3);
  return `${date}_${vendor}_${amount}_${currency}.${extensionOf(key)}`;
}

/**
 * Hands out each name once: a second `2026-03-01_Cafe_4.50_EUR.jpg` becomes
 * `2026-03-01_Cafe_4.50_EUR_2.jpg`. Compared without case, since Windows and macOS would put
 * `Cafe` and `CAFE` in one file.
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  claim(name: string): string {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let copy = 2; this.taken.has(candidate.toLowerCase()); copy += 1) {
      candidate = `${stem}_${copy}${extension}`;
    }
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}
