import { describe, expect, it } from '@jest/globals';
import { currencyLine, extractCurrency } from './currency.js';

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
    expect(extractCurrency('TOTAL 5.00')).toEqual({ value: null, confidence: 0, marker: null });
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
      marker: null,
    });
    expect(extractCurrency('TOTAL $5.00', { locale: 'en-CA' }).value).toBe('CAD');
    expect(extractCurrency('zu zahlen 8,23\nMWST% MWST + Netto', { decimalMark: ',' })).toEqual({
      value: 'EUR',
      confidence: 0.4,
      marker: null,
    });
    expect(extractCurrency('TOTAL 8.23\nVAT 1.37', { decimalMark: '.' }).value).toBeNull();
  });
});

describe('currencyLine', () => {
  const lineOf = (text: string, totalLine: number | null, hints = {}) => {
    const lines = text.split('\n');
    return currencyLine(lines, extractCurrency(text, hints).marker, totalLine);
  };

  it('points at the symbol on the total line rather than an earlier one', () => {
    const text = 'CORNER DELI\nCoffee $3.50\nTOTAL $3.50';
    expect(lineOf(text, 2)).toBe(2);
  });

  it('points at the line printing the code when the total line has none', () => {
    const text = 'HIGH STREET BOOKS\nAll prices in GBP\nTOTAL 12.00';
    expect(extractCurrency(text).value).toBe('GBP');
    expect(lineOf(text, 2)).toBe(1);
    // Lower-case print is matched as the reader matched it, upper-cased.
    expect(lineOf('Book 12.00\ntotal 12.00 eur', 1)).toBe(1);
  });

  it('has no line for a currency inferred rather than printed', () => {
    expect(lineOf('Bakkerij de Vries\nBTW NL123456789B01\nTOTAAL 5,14', 2)).toBeNull();
    expect(lineOf('TOTAL 5,14', 0, { decimalMark: ',', locale: 'de-DE' })).toBeNull();
    // A "$" OCR made of a smudge on a euro receipt is not where the euros were read.
    const euro = 'Drogerie Brandt\nUSt-IdNr. DE123456789\nSUMME 24,23\nBAR $0,00';
    expect(lineOf(euro, 2, { decimalMark: ',' })).toBeNull();
  });

  it('is not thrown by a global pattern used on line after line', () => {
    const text = 'RM 1.00\nRM 2.00\nTOTAL RM 3.00';
    expect(lineOf(text, 2)).toBe(2);
    expect(lineOf(text, null)).toBe(0);
  });
});
