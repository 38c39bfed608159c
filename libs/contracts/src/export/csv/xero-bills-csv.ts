import type { ExportExpense } from '../../expenses/export-page.messages.js';
import { lineDescription, textCell } from './csv-cells.js';

/**
 * The columns of Xero's bill import template (Business → Bills to pay → Import), in its order;
 * `*` marks what Xero requires, as its template does. One bill an expense, one line a bill
 * (a line per part for a split expense: the rows share the bill number).
 */
export const XERO_BILLS_CSV_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
];

/**
 * A bill for one expense. The vendor is the contact; the expense's id is the bill number, so
 * importing the same pack twice is refused by Xero as a duplicate rather than counted twice.
 * A receipt is already paid: due on its date. Dates are ISO (YYYY-MM-DD), which no region reads
 * with day and month swapped; an expense without a date (not read, not set) leaves both empty. The
 * account code and tax rate are the organisation's own: left
 * empty for the accountant to choose (README.txt says so), never guessed.
 */
export function xeroBillCsvRow(expense: ExportExpense): string[] {
  const { vendor, notes, amount, currency, expense_date: date } = expense;
  const description = lineDescription(vendor, notes, expense.currency_assumed);
  const cells = new Array<string>(XERO_BILLS_CSV_HEADER.length).fill('');
  const set = (column: (typeof XERO_BILLS_CSV_HEADER)[number], value: string) => {
    cells[XERO_BILLS_CSV_HEADER.indexOf(column)] = value;
  };
  set('*ContactName', textCell(vendor));
  set('*InvoiceNumber', expense.id);
  // Never a made-up date: Xero refuses the row until the date is set in SnapTrack (README.txt).
  set('*InvoiceDate', date ?? '');
  set('*DueDate', date ?? '');
  set('Total', amount);
  set('Description', textCell(description));
  set('*Quantity', '1');
  set('*UnitAmount', amount);
  // The tax included in the amount, where the receipt's tax was read or entered.
  if (expense.tax_amount) set('TaxAmount', expense.tax_amount);
  set('Currency', textCell(currency));
  return cells;
}
