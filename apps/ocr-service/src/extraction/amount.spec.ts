import { describe, expect, it } from '@jest/globals';
import { centsToNumber, findAmounts, parseMoney } from './amount.js';

const cents = (line: string) => findAmounts(line).map((a) => a.cents);

describe('findAmounts', () => {
  it.each([
    ['TOTAL 12.50', [1250]],
    ['TOTAL RM 1,234.56', [123456]],
    ['Summe 1.234,56', [123456]],
    ['Summe 8,47', [847]],
    ['TOTAL 9. 00', [900]],
    ['Total9.00', [900]],
    ['Rounding -0.01', [-1]],
    ['Discount 0.50-', [-50]],
    ['Rounding: -RM0.02', [-2]],
    ['Cheese Scone £2.95', [295]],
    ['TOTAL $5', [500]],
    ['BUKU 3.9O', [390]],
    ['2 x 3.50 7.00', [350, 700]],
    ['1 PC * 9.000 0.00 9.00', [0, 900]],
  ])('reads %s', (line, expected) => {
    expect(cents(line)).toEqual(expected);
  });

  it.each([
    'Date 25.12.2018',
    'Tel 03-89433143',
    'Invoice X51007846355',
    'GST @ 6%',
    'TOTAL QTY 3',
    'Qty 1 100',
  ])('finds no amount in %s', (line) => {
    expect(cents(line)).toEqual([]);
  });

  it('skips a percentage but keeps the amount after it', () => {
    expect(cents('SALES TAX 8.25% 0.56')).toEqual([56]);
  });

  it('reports the printed currency', () => {
    expect(findAmounts('TOTAL RM12.30')[0].currency).toBe('RM');
  });
});

describe('parseMoney', () => {
  it.each([
    ['9.00', 900],
    ['RM 29.70', 2970],
    ['$8.20', 820],
    ['43.7', 4370],
    ['100', 10000],
    ['n/a', null],
  ])('parses %s', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });
});

describe('centsToNumber', () => {
  it('gives two-decimal numbers without float drift', () => {
    expect(centsToNumber(10 + 20)).toBe(0.3);
    expect(centsToNumber(123456789)).toBe(1234567.89);
  });
});
