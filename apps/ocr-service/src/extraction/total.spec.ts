import { describe, expect, it } from '@jest/globals';
import { toTextLines } from './text-lines.js';
import { extractTotal } from './total.js';

const total = (text: string) => extractTotal(toTextLines(text)).cents;

describe('extractTotal', () => {
  it('prefers the rounded total over the amount before rounding', () => {
    const text = [
      'Total Sales (Inclusive GST) 22.91',
      'Rounding Adjustment -0.01',
      'Total Rounded 22.90',
      'CASH 50.00',
      'CHANGE 27.10',
    ].join('\n');
    expect(total(text)).toBe(2290);
  });

  it('ignores the TOTAL row of a GST summary', () => {
    const text = [
      'SUB-TOTAL (EX) 52.00',
      'TOTAL TAX : 3.12',
      'TOTAL 55.10',
      'CASH 55.10',
      'GST SUMMARY',
      'TAX CODE % AMOUNT TAX',
      'SR 6.00 52.00 3.12',
      'TOTAL: 52.00 3.12',
    ].join('\n');
    expect(total(text)).toBe(5510);
  });

  it('labels each amount by the words just before it', () => {
    expect(total('Total Saving 0.00 Total 77.20\nCash 100.00\nChange 22.80')).toBe(7720);
    expect(total('Item 2 Total with GST @ 6% 77.20')).toBe(7720);
  });

  it('reads a label and its amount split over two lines', () => {
    expect(total('SUBTOTAL\n8.00\nGRAND TOTAL\n8.48\nTHANK YOU')).toBe(848);
  });

  it('recovers a misread total line from subtotal + tax or cash − change', () => {
    expect(total('Sub Total : RM 68.87\nGST 6% : RM 4.13\nTOBE. RM 73.00\nCHANGE: RM 0.00')).toBe(
      7300,
    );
    expect(total('Net Total Rounded : TTT e00\nCash 20.00\nChange 1.50')).toBe(1850);
  });

  it('does not take the GST included in the total for the total', () => {
    expect(total('TOTAL 25.15\nCASH 30.00\nCHANGE 4.85\n(Total Included GST @ 6% : 1.42)')).toBe(
      2515,
    );
  });

  it('rejects a total larger than the cash handed over', () => {
    expect(total('TOTAL 258.85\nCash 50.00\nCHANGE 24.15\n25.85')).toBe(2585);
  });

  it('falls back to the most repeated amount with low confidence', () => {
    const result = extractTotal(toTextLines('COFFEE 3.50\nCAKE 4.00\n7.50\n7.50'));
    expect(result.cents).toBe(750);
    expect(result.confidence).toBeLessThan(0.7);
  });

  it('finds nothing in text without amounts', () => {
    expect(extractTotal(toTextLines('THANK YOU'))).toEqual({ cents: null, confidence: 0 });
  });
  it('takes a total line that names GST inclusive as the total, not as tax', () => {
    const text = [
      'Total Sales (Excluding GST) 19.34',
      'Total GST 1.16',
      'Total Sales (Inclusiva of GST) 20.50',
      'GST Summary Amount Tax',
      'SR @ 6% 19.34 1.16',
      'Total : 19.34 1.16',
    ].join('\n');
    expect(total(text)).toBe(2050);
    const adjusted = [
      'Sub-total 1.66',
      'Total After adj Incl GST 1,75',
      'Item Count 1',
      'GST Summary Amount Tax',
      'SR 1.65 0.10',
      'Total 1.65 0,10',
    ].join('\n');
    expect(total(adjusted)).toBe(175);
  });
});
