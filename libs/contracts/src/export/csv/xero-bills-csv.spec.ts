import { describe, expect, it } from '@jest/globals';
import type { ExportExpense } from '../../expenses/export-page.messages.js';
import { XERO_BILLS_CSV_HEADER, xeroBillCsvRow } from './xero-bills-csv.js';

const expense: ExportExpense = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  expense_date: '2026-03-01',
  vendor: 'Café Zoë',
  amount: '12.50',
  currency: 'EUR',
  entity: 'Acme',
  tags: ['Meals'],
  notes: 'Team breakfast',
  extraction_method: 'image',
  ocr_confidence: 0.9,
  tax_amount: null,
};

const cell = (row: string[], column: string) => row[XERO_BILLS_CSV_HEADER.indexOf(column)];

describe('the Xero bills CSV', () => {
  it("has Xero's bill template columns, the required ones marked", () => {
    expect(XERO_BILLS_CSV_HEADER).toHaveLength(26);
    for (const required of ['*ContactName', '*InvoiceNumber', '*InvoiceDate', '*DueDate']) {
      expect(XERO_BILLS_CSV_HEADER).toContain(required);
    }
  });

  it('makes one paid-on-the-day bill per expense, numbered by the expense', () => {
    const row = xeroBillCsvRow(expense);
    expect(row).toHaveLength(XERO_BILLS_CSV_HEADER.length);
    expect(cell(row, '*ContactName')).toBe('Café Zoë');
    expect(cell(row, '*InvoiceNumber')).toBe(expense.id);
    expect(cell(row, '*InvoiceDate')).toBe('2026-03-01');
    expect(cell(row, '*DueDate')).toBe('2026-03-01');
    expect(cell(row, 'Description')).toBe('Café Zoë - Team breakfast');
    expect(cell(row, '*Quantity')).toBe('1');
    expect(cell(row, '*UnitAmount')).toBe('12.50');
    expect(cell(row, 'Total')).toBe('12.50');
    expect(cell(row, 'Currency')).toBe('EUR');
  });

  it('leaves both dates of an undated expense empty, never making one up', () => {
    const row = xeroBillCsvRow({ ...expense, expense_date: null, date_not_read: true });
    expect(cell(row, '*InvoiceDate')).toBe('');
    expect(cell(row, '*DueDate')).toBe('');
    expect(cell(row, '*InvoiceNumber')).toBe(expense.id);
  });

  it("leaves the organisation's own account code and tax rate empty", () => {
    const row = xeroBillCsvRow(expense);
    expect(cell(row, '*AccountCode')).toBe('');
    expect(cell(row, '*TaxType')).toBe('');
  });

  it('fills TaxAmount with the tax read or entered, and leaves it empty when unknown', () => {
    expect(cell(xeroBillCsvRow({ ...expense, tax_amount: '2.00' }), 'TaxAmount')).toBe('2.00');
    expect(cell(xeroBillCsvRow(expense), 'TaxAmount')).toBe('');
  });

  it('keeps a formula-looking vendor as text', () => {
    expect(cell(xeroBillCsvRow({ ...expense, vendor: '=cmd' }), '*ContactName')).toBe("'=cmd");
  });

  it('says in the description that a currency was assumed, not read', () => {
    const row = xeroBillCsvRow({ ...expense, currency_assumed: true });
    expect(cell(row, 'Description')).toBe(
      'Café Zoë - Team breakfast (currency assumed, not on the receipt)',
    );
    expect(cell(xeroBillCsvRow(expense), 'Description')).toBe('Café Zoë - Team breakfast');
  });
});
