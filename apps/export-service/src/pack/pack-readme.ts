import type { ExportFilters } from '@snaptrack/contracts';
import { periodText } from '../pdf/receipt-pdf.js';
import { UNKNOWN_DATE, UNKNOWN_VENDOR } from './receipt-file-name.js';

/** The folder of the original receipt files inside the ZIP. */
export const RECEIPTS_FOLDER = 'receipts';

export interface PackFileNames {
  csv: string;
  quickbooks: string;
  xero: string;
  pdf: string;
}

export interface PackFacts {
  filters: ExportFilters;
  /** YYYY-MM-DD (UTC), as in the file names. */
  date: string;
  homeCurrency: string;
  customer: string;
  expenses: number;
  /** Original files in the receipts folder. */
  originals: number;
  /** Expenses typed in by hand: no file to add. */
  withoutFile: number;
  /** Expenses whose stored file was gone or could not be read: named so nobody looks for it. */
  unreadable: string[];
  files: PackFileNames;
}

const list = (values: string[] | undefined) => (values?.length ? values.join(', ') : 'All');

/** README.txt: what the pack holds and what each file is for (CRLF: Notepad opens it too). */
export function packReadme(facts: PackFacts): string {
  const { files } = facts;
  const lines = [
    'SnapTrack accountant pack',
    '=========================',
    '',
    `Made:      ${facts.date} (UTC)`,
    `Period:    ${periodText(facts.filters)}`,
    `Entities:  ${list(facts.filters.entities)}`,
    `Tags:      ${list(facts.filters.tags)}`,
    `Expenses:  ${facts.expenses}`,
    '',
    'What each file is',
    '-----------------',
    '',
    `${files.csv}`,
    '  Every expense, one a row: date, vendor, amount, currency, entity, tags, description,',
    `  source, confidence, exchange rate, rate source, the amount in ${facts.homeCurrency}, the`,
    '  tax paid and its rates ("19% 3.87; 7% 0.74"; empty where no tax was read or entered),',
    '  and "Currency assumed": Yes where nothing on the receipt named the currency and nobody',
    '  set it (the home currency was assumed; the QuickBooks and Xero descriptions say so too).',
    '  UTF-8, comma separated; opens in Excel, Numbers and Google Sheets.',
    '',
    `${files.quickbooks}`,
    '  QuickBooks Online invoice import (Settings > Import data > Invoices): one invoice per',
    `  currency to the customer "${facts.customer}", one line per expense; ItemTaxAmount is the`,
    '  tax included in the line (empty where unknown).',
    '',
    `${files.xero}`,
    "  Xero bill import (Business > Bills to pay > Import), in Xero's bill template columns:",
    '  one draft bill per expense, the vendor as the contact, the expense id as the bill number',
    '  (importing the same file twice is refused as a duplicate, never counted twice). Amounts',
    '  include tax: choose "Tax inclusive" when importing; TaxAmount is the tax read or entered',
    '  (empty where unknown). AccountCode and TaxType are left',
    "  empty: they are the organisation's own, to be chosen in Xero. Dates are YYYY-MM-DD.",
    '  A bill whose receipt date was never read or set has both dates empty: Xero refuses',
    '  that row until you set the date in SnapTrack (Needs review) and export again; no date',
    '  is made up. The other CSV files leave such a date empty too.',
    '',
    `${files.pdf}`,
    '  A cover page with the totals per currency and entity, then one receipt per page.',
    '',
    `${RECEIPTS_FOLDER}/`,
    `  The original receipt files (${facts.originals}), exactly as they were uploaded or mailed,`,
    '  named YYYY-MM-DD_vendor_amount_currency with their own extension.',
    `  "${UNKNOWN_DATE}" stands for a date that was never read from the receipt or set, and`,
    `  "${UNKNOWN_VENDOR}" for a vendor nobody knows; "_2", "_3" end a name that two receipts`,
    '  would share.',
  ];
  if (facts.withoutFile > 0) {
    lines.push(
      `  ${facts.withoutFile} expense${facts.withoutFile === 1 ? ' was' : 's were'} typed in by hand: no file.`,
    );
  }
  if (facts.unreadable.length > 0) {
    lines.push('  These receipts had a file that could not be read, so it is not here:');
    for (const name of facts.unreadable) lines.push(`  - ${name}`);
  }
  lines.push('', 'README.txt', '  This file.', '');
  return lines.join('\r\n');
}
