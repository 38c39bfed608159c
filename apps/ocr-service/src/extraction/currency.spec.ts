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

  it.each([
    ['Valor total R$ 12,90', 'BRL'],
    ["Total CHF 1'234.50", 'CHF'],
    ['TOTAL 5.00 USD', 'USD'],
    ['Total ₹ 450.00', 'INR'],
  ])('reads %s as %s', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it('keeps a euro receipt in euros when OCR makes a "$" of a smudge', () => {
    const text = 'Drogerie Brandt\nUSt-IdNr. DE123456789\nSUMME 24,23\nBAR $0,00';
    expect(extractCurrency(text, { decimalMark: ',' }).value).toBe('EUR');
  });

  it('prefers the currency of the printed country over a stray symbol', () => {
    const text = 'MEGA SDN BHD\nTel 09-222 £498\nALL AMOUNTS ARE IN RM\nTOTAL 38.37 £.90';
    expect(extractCurrency(text).value).toBe('MYR');
  });

  it('reads the currency from the country and, last, from the locale', () => {
    expect(extractCurrency('Bakkerij de Vries\nBTW NL123456789B01\nTOTAAL 5,14').value).toBe('EUR');
    expect(extractCurrency('TOTAL 5,14', { decimalMark: ',', locale: 'de-DE' })).toEqual({
      value: 'EUR',
      confidence: 0.4,
    });
    expect(extractCurrency('TOTAL $5.00', { locale: 'en-CA' }).value).toBe('CAD');
    expect(extractCurrency('zu zahlen 8,23\nMWST% MWST + Netto', { decimalMark: ',' })).toEqual({
      value: 'EUR',
      confidence: 0.4,
    });
    expect(extractCurrency('TOTAL 8.23\nVAT 1.37', { decimalMark: '.' }).value).toBeNull();
  });
});
