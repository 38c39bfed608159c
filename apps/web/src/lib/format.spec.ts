import { describe, expect, it } from '@jest/globals';
import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('falls back to USD for an unknown currency code', () => {
    expect(formatMoney(3, 'NOPE')).toBe('$3.00');
  });
});

describe('formatDate', () => {
  it('shows the calendar date as written, whatever the time zone', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('2026-01-05T00:00:00.000Z')).toBe('Jan 5, 2026');
    expect(formatDate('soon')).toBe('soon');
  });
});
