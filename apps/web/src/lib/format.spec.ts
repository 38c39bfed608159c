import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateRange, formatMoney } from './format';

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

describe('formatDateRange', () => {
  it('names the first and last day of a period with their weekdays', () => {
    // Two "This Week"s: from Sunday (the summary cards) and the last 7 days (statistics).
    expect(formatDateRange('2026-11-29', '2026-12-05')).toBe('Sun, Nov 29 – Sat, Dec 5, 2026');
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe('Mon, Nov 23 – Sun, Nov 29, 2026');
    expect(formatDateRange('2025-12-30', '2026-01-05')).toBe(
      'Tue, Dec 30, 2025 – Mon, Jan 5, 2026',
    );
  });

  it('gives one day once, and nothing for All Time', () => {
    expect(formatDateRange('2026-11-29', '2026-11-29')).toBe('Sun, Nov 29, 2026');
    expect(formatDateRange(null, null)).toBeNull();
  });
});
