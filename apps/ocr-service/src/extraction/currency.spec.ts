import { describe, expect, it } from '@jest/globals';
import { extractCurrency } from './currency.js';

describe('extractCurrency', () => {
  it.each([
    ['TOTAL RM 12.30', 'MYR'],
    ['Total (RM) 9.00', 'MYR'],
    ['TOTAL $13.94', 'USD'],
    ['TOTAL S$13.94', 'SGD'],
    ['ABC PTE LTD\nSINGAPORE 018956\nTOTAL $5.00', 'SGD'],
    ['ACME PTY LTD ABN 12 345 678 901\nTOTAL $5.00', 'AUD'],
    ['UNIHAKKA SDN BHD\nTotal Amount $8.20', 'MYR'],
    ['TOTAL £7.75', 'GBP'],
    ['Summe EUR 8,47', 'EUR'],
    ['TOTAL 8,47 €', 'EUR'],
    ['MEGA SDN BHD\nTOTAL 5.00', 'MYR'],
  ])('reads %s as %s', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it('is unsure rather than guessing without any evidence', () => {
    expect(extractCurrency('TOTAL 5.00')).toEqual({ value: null, confidence: 0 });
  });
});
