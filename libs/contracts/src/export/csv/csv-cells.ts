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
