import { describe, expect, it } from '@jest/globals';
import { isCurrencyCode, isExchangeRate } from './currency.js';

describe('isCurrencyCode', () => {
  it('takes ISO 4217 codes', () => {
    for (const code of ['USD', 'EUR', 'MYR', 'JPY', 'GBP', 'CHF', 'INR']) {
      expect(isCurrencyCode(code)).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const value of ['usd', 'XYZ', 'US', 'EURO', '', ' USD', 'RM', '$', 42, null, undefined]) {
      expect(isCurrencyCode(value)).toBe(false);
    }
  });
});

describe('isExchangeRate', () => {
  it('takes a number above 0 and at most a million with at most ten decimals', () => {
    for (const rate of [1, 0.2, 4.4321, 1_000_000, 0.0000000001, 149.5]) {
      expect(isExchangeRate(rate)).toBe(true);
    }
  });

  it('refuses zero, negatives, huge, NaN, infinities, too many decimals and non-numbers', () => {
    for (const value of [
      0,
      -0,
      -1,
      1_000_000.01,
      1e300,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      0.00000000001,
      0.12345678901,
      '1.5',
      null,
      true,
    ]) {
      expect(isExchangeRate(value)).toBe(false);
    }
  });
});
