import { describe, expect, it } from '@jest/globals';
import type { ExportExpense } from '@snaptrack/contracts';
import { fileNamePart, receiptFileName, UniqueNames } from './receipt-file-name.js';

const expense = (fields: Partial<ExportExpense>): ExportExpense => ({
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  expense_date: '2026-03-01',
  vendor: 'Café Zoë',
  amount: '12.50',
  currency: 'EUR',
  entity: null,
  tags: [],
  notes: null,
  extraction_method: 'image',
  ocr_confidence: 0.9,
  tax_amount: null,
  ...fields,
});

describe('receipt file names', () => {
  it('reads YYYY-MM-DD_vendor_amount_currency with the stored extension', () => {
    expect(receiptFileName(expense({}), 'receipts/u/abc.JPG')).toBe(
      '2026-03-01_Café-Zoë_12.50_EUR.jpg',
    );
  });

  it.each([
    ['a/b\\c', 'a-b-c'],
    ['CON', 'CON'],
    ['<>:"|?*', ''],
    ['..', ''],
    [' trailing dot. ', 'trailing-dot'],
    ['line\nbreak\u0000nul', 'line-break-nul'],
    ['日本料理 さくら', '日本料理-さくら'],
    ['e\u0301cole', 'école'],
  ])('makes %j a safe part: %j', (vendor, part) => {
    expect(fileNamePart(vendor)).toBe(part);
  });

  it('cuts a long vendor to 60 characters, never ending on a dash', () => {
    const part = fileNamePart(`${'a'.repeat(59)} b${'c'.repeat(100)}`);
    expect(part).toBe('a'.repeat(59));
  });

  it('says what is unknown instead of inventing it', () => {
    const unread = expense({ vendor: '', date_not_read: true });
    expect(receiptFileName(unread, 'receipts/u/x.png')).toBe(
      'unknown-date_unknown-vendor_12.50_EUR.png',
    );
    expect(receiptFileName(expense({ vendor: '???' }), 'receipts/u/x.pdf')).toBe(
      '2026-03-01_unknown-vendor_12.50_EUR.pdf',
    );
  });

  it('keeps a refund negative', () => {
    expect(receiptFileName(expense({ amount: '-4.00' }), 'receipts/u/x.txt')).toBe(
      '2026-03-01_Café-Zoë_-4.00_EUR.txt',
    );
  });

  it('hands out a name once, ignoring case, numbering the rest', () => {
    const names = new UniqueNames();
    expect(names.claim('a_1.00_EUR.jpg')).toBe('a_1.00_EUR.jpg');
    expect(names.claim('A_1.00_EUR.jpg')).toBe('A_1.00_EUR_2.jpg');
    expect(names.claim('a_1.00_EUR.jpg')).toBe('a_1.00_EUR_3.jpg');
    expect(names.claim('a_1.00_EUR_2.jpg')).toBe('a_1.00_EUR_2_2.jpg');
    expect(names.claim('a_1.00_EUR.png')).toBe('a_1.00_EUR.png');
  });
});
