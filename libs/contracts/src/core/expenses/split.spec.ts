import { describe, expect, it } from '@jest/globals';
import { minorUnitDigits, splitAmounts } from './split.js';

// The one rule the browser and the server compute a split's amounts with.

describe('splitAmounts', () => {
  it('rounds each part by percentage to the cent and gives the last part the rest', () => {
    expect(
      splitAmounts(100, 'USD', 'percent', [
        { percent: 33.33 },
        { percent: 33.33 },
        { percent: 33.34 },
      ]),
    ).toEqual({ ok: true, amounts: [33.33, 33.33, 33.34] });
    expect(splitAmounts(0.05, 'USD', 'percent', [{ percent: 50 }, { percent: 50 }])).toEqual({
      ok: true,
      amounts: [0.03, 0.02],
    });
  });

  it('sums to the total exactly for every cent of a range of totals', () => {
    for (let cents = 2; cents < 2000; cents += 7) {
      const result = splitAmounts(cents / 100, 'EUR', 'percent', [
        { percent: 33.33 },
        { percent: 16.67 },
        { percent: 50 },
      ]);
      if (!result.ok) continue;
      const sum = result.amounts.reduce((a, b) => a + Math.round(b * 100), 0);
      expect(sum).toBe(cents);
    }
  });

  it('keeps to whole units in currencies without minor units', () => {
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('VND')).toBe(0);
    expect(minorUnitDigits('USD')).toBe(2);
    expect(splitAmounts(1001, 'VND', 'percent', [{ percent: 50 }, { percent: 50 }])).toEqual({
      ok: true,
      amounts: [501, 500],
    });
    expect(splitAmounts(1000, 'JPY', 'amount', [{ amount: 999.5 }, { amount: 0.5 }])).toEqual({
      ok: false,
      message: 'JPY has no minor unit: each part must be a whole amount.',
    });
  });

  it('refuses parts that do not add up, a part of 0, and a total too small to share', () => {
    expect(splitAmounts(10, 'USD', 'amount', [{ amount: 6 }, { amount: 3.99 }])).toEqual({
      ok: false,
      message:
        "The parts add up to 9.99 USD, but the receipt's total is 10.00 USD. They must match to the cent.",
    });
    expect(splitAmounts(10, 'USD', 'percent', [{ percent: 100 }, { percent: 0 }])).toMatchObject({
      ok: false,
    });
    expect(splitAmounts(0.01, 'USD', 'percent', [{ percent: 50 }, { percent: 50 }])).toEqual({
      ok: false,
      message: 'A part would come to 0 USD: the total is too small for these percentages.',
    });
  });
});
