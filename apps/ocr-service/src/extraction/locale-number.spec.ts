import { describe, expect, it } from '@jest/globals';
import { countDecimalMarks, decideDecimalMark, numberToCents } from './locale-number.js';

describe('countDecimalMarks', () => {
  it('sees a decimal comma on a German receipt, dates and weights aside', () => {
    const lines = ['Datum 08.03.2024 14:22', 'Bananen 0,856 kg', 'Milch 1,29 A', 'SUMME 24,23'];
    expect(countDecimalMarks(lines)).toMatchObject({ mark: ',', comma: 2, point: 0 });
  });

  it('sees a decimal point on a US receipt', () => {
    expect(countDecimalMarks(['OAT MILK 4.99', 'TOTAL $1,013.94']).mark).toBe('.');
  });

  it('counts a grouped amount double: "1.234,56" settles the mark', () => {
    expect(countDecimalMarks(['Laptop 1.234,56', 'Tasche 9.99']).mark).toBe(',');
  });

  it('stays undecided when the amounts disagree', () => {
    expect(countDecimalMarks(['A 1,50', 'B 2.50']).mark).toBeNull();
  });
});

describe('decideDecimalMark', () => {
  it('prefers the receipt’s own amounts over its currency and the locale', () => {
    expect(decideDecimalMark(['TOTAL 12.50'], { currency: 'EUR', locale: 'de-DE' })).toBe('.');
  });

  it('falls back to the currency, then to the account’s locale', () => {
    expect(decideDecimalMark(['EUR 1.234'], { currency: 'EUR' })).toBe(',');
    expect(decideDecimalMark(['$1,234'], { currency: 'USD' })).toBe('.');
    expect(decideDecimalMark(['1.234'], { locale: 'fr-FR' })).toBe(',');
    expect(decideDecimalMark(['1.234'], { locale: 'en-GB' })).toBe('.');
    expect(decideDecimalMark(['1.234'])).toBeNull();
  });
});

describe('numberToCents', () => {
  it('reads thousands groups of every convention', () => {
    expect(numberToCents('1.234', '56', ',')).toBe(123456);
    expect(numberToCents('1,234', '56', '.')).toBe(123456);
    expect(numberToCents('1 234', '56', ',')).toBe(123456);
    expect(numberToCents("1'234", '50', '.')).toBe(123450);
  });

  it('reads a whole 1.234 as a thousand only where "." is not the decimal mark', () => {
    expect(numberToCents('1.234', undefined, ',')).toBe(123400);
    expect(numberToCents('1.234', undefined, '.')).toBeNull();
    expect(numberToCents('1,234', undefined, '.')).toBe(123400);
    expect(numberToCents('1,234', undefined, ',')).toBeNull();
  });
});
