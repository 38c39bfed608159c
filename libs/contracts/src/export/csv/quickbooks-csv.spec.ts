import { describe, expect, it } from '@jest/globals';
import type { ExportRow } from '../../expenses/export-rows.messages.js';
import { QUICKBOOKS_CSV_HEADER, quickBooksCsvRow, quickBooksInvoice } from './quickbooks-csv.js';

const invoice = quickBooksInvoice({ customer: 'Acme' }, '2026-11-29', 'USD');
const row = (currencyAssumed: boolean) =>
  [
    '2026-11-20',
    'Corner Deli',
    '18.40',
    'USD',
    null,
    [],
    'Lunch',
    'image',
    0.9,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    currencyAssumed,
  ] satisfies ExportRow;
const description = (cells: string[]) => cells[QUICKBOOKS_CSV_HEADER.indexOf('ItemDescription')];

describe('the QuickBooks invoice CSV', () => {
  it('says in the line description that a currency was assumed, not read', () => {
    expect(description(quickBooksCsvRow(invoice, row(true)))).toBe(
      'Corner Deli - Lunch (currency assumed, not on the receipt)',
    );
    expect(description(quickBooksCsvRow(invoice, row(false)))).toBe('Corner Deli - Lunch');
  });
});
