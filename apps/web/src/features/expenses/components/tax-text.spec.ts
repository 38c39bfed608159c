import { describe, expect, it } from '@jest/globals';
import { anExpense } from '@/testing/expense-fixture';
import { reviewReasons } from './review-fields';
import { TAX_NOT_READ_TEXT, taxText } from './tax-text';

describe('the tax as the card shows it', () => {
  it('gives the tax per rate, the tax alone, or says it was not read', () => {
    const lines = [
      { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
      { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
    ];
    expect(taxText(anExpense({ currency: 'EUR', tax_amount: 4.61, tax_lines: lines }))).toBe(
      'Tax €4.61 (19% €3.87 · 7% €0.74)',
    );
    expect(taxText(anExpense({ tax_amount: 0.89, tax_lines: null }))).toBe('Tax $0.89');
    expect(
      taxText(
        anExpense({
          tax_amount: 0.82,
          tax_lines: [{ rate: null, tax: 0.82, net: null, gross: null }],
        }),
      ),
    ).toBe('Tax $0.82 ($0.82)');
    expect(taxText(anExpense({ tax_amount: null }))).toBe(TAX_NOT_READ_TEXT);
  });

  it('names unsure tax lines as a reason for review until the tax is set by hand', () => {
    const sure = { confidence: 0.95, box: null };
    const unsure = anExpense({
      tax_amount: 4.61,
      field_evidence: {
        vendor: sure,
        amount: sure,
        expense_date: sure,
        tax_amount: { confidence: 0.45, box: null },
      },
    });
    expect(reviewReasons(unsure)).toEqual(['Unsure: Tax']);
    // The server lists a hand-set tax in edited_fields too (its type names the review fields).
    expect(reviewReasons({ ...unsure, edited_fields: ['tax_amount' as never] })).toEqual([]);
  });
});
