/** Characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/**
 * A text cell a spreadsheet shows as text: one that would start a formula gets a leading `'`
 * (the OWASP advice for CSV injection). Only for text: amounts and dates are written by us
 * and stay numbers.
 */
export function textCell(value: string | null | undefined): string {
  const text = value ?? '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Added to a description (QuickBooks, Xero) whose expense's currency is the home currency
 * assumed, not read: those imports have no column for it.
 */
const CURRENCY_ASSUMED_NOTE = ' (currency assumed, not on the receipt)';

/** An accounting import's line description: the vendor, its notes, and an assumed currency. */
export function lineDescription(
  vendor: string,
  notes: string | null,
  currencyAssumed: boolean | undefined,
): string {
  return (notes ? `${vendor} - ${notes}` : vendor) + (currencyAssumed ? CURRENCY_ASSUMED_NOTE : '');
}
