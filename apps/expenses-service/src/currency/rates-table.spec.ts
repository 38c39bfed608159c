import { describe, expect, it } from '@jest/globals';
import { crossRate, parseRatesTable } from './rates-table.js';

const today = '2026-11-27';
const good = { amount: 1, base: 'EUR', date: '2026-11-26', rates: { USD: 1.05, MYR: 4.9 } };

describe('parseRatesTable', () => {
  it('reads a Frankfurter answer, the base counting as 1', () => {
    const table = parseRatesTable(good, today);
    expect(table.base).toBe('EUR');
    expect(table.date).toBe('2026-11-26');
    expect([...table.rates]).toEqual([
      ['USD', 1.05],
      ['MYR', 4.9],
      ['EUR', 1],
    ]);
  });

  it.each([
    ['not an object', '<html>'],
    ['no rates', { base: 'EUR', date: '2026-11-26' }],
    ['a negative rate', { ...good, rates: { USD: -1.05 } }],
    ['a zero rate', { ...good, rates: { USD: 0 } }],
    ['a rate as text', { ...good, rates: { USD: '1.05' } }],
    ['an absurd rate', { ...good, rates: { USD: 1e300 } }],
    ['a code that is not ISO 4217', { ...good, rates: { US$: 1.05 } }],
    ['a lower-case code', { ...good, rates: { usd: 1.05 } }],
    ['an unknown base', { ...good, base: 'XYZ' }],
    ['another amount than 1', { ...good, amount: 100 }],
    ['an impossible date', { ...good, date: '2026-02-30' }],
    ['a date in the future', { ...good, date: '2026-11-28' }],
  ])('refuses the whole answer for %s', (_name, body) => {
    expect(() => parseRatesTable(body, today)).toThrow(/^invalid rates: /);
  });
});

describe('crossRate', () => {
  const table = parseRatesTable(good, today);

  it('converts by way of the base, to ten decimals', () => {
    expect(crossRate(table, 'MYR', 'USD')).toBe(0.2142857143);
    expect(crossRate(table, 'EUR', 'USD')).toBe(1.05);
    expect(crossRate(table, 'USD', 'EUR')).toBe(0.9523809524);
  });

  it('has none for a currency the table lacks, or one too small to store', () => {
    expect(crossRate(table, 'GBP', 'USD')).toBeNull();
    const tiny = parseRatesTable({ ...good, rates: { VND: 1e8 / 2, KWD: 1e-6 } }, today);
    expect(crossRate(tiny, 'VND', 'KWD')).toBeNull();
  });
});
