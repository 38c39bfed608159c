import { describe, expect, it } from '@jest/globals';
import { findAmounts } from './amount.js';
import { currencyMarks } from './currency.js';
import { markedOtherwise } from './marked-amounts.js';

/** Which amounts of `line` are another currency's than `code`, on a receipt of `text`. */
function otherwise(line: string, code: string, text = line) {
  const marks = currencyMarks(text, code, null);
  if (!marks) throw new Error(`${text} prints no other currency than ${code}`);
  return markedOtherwise(line, findAmounts(line, { decimalMark: ',' }), marks);
}

describe('markedOtherwise', () => {
  it('reads the sign after each amount where the line prints its signs after them', () => {
    expect(otherwise('ОБЩА СУМА 2,81 € 5,49 лв.', 'EUR')).toEqual([false, true]);
    expect(otherwise('ОБЩА СУМА 24,45 лв. 12,50 €', 'EUR')).toEqual([true, false]);
    expect(otherwise('ОБЩА СУМА 24,45 лв. 12,50 €', 'BGN')).toEqual([false, true]);
  });

  it('reads the sign before each amount where the line prints its signs before them', () => {
    expect(otherwise('TOTAL € 2,81 лв 5,49', 'EUR')).toEqual([false, true]);
    expect(otherwise('UKUPNO kn 75,35 EUR 10,00', 'EUR')).toEqual([true, false]);
  });

  it('keeps an amount without a sign, and one on a line of another', () => {
    const text = 'TOTAL 45,00 EUR\nUSD 48,60';
    expect(otherwise('Kaffee 3,20', 'EUR', text)).toEqual([false]);
    expect(otherwise('USD 48,60', 'EUR', text)).toEqual([true]);
    expect(otherwise('TOTAL 45,00 EUR', 'EUR', text)).toEqual([false]);
  });
});
