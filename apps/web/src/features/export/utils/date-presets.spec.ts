import { describe, expect, it } from '@jest/globals';
import { localIsoDate, presetRange } from './date-presets';

describe('presetRange', () => {
  const today = new Date(2026, 0, 15, 23, 30);

  it('gives the calendar bounds of each preset', () => {
    expect(presetRange('all', today)).toEqual({});
    expect(presetRange('this-month', today)).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    // January's last month is December of the year before.
    expect(presetRange('last-month', today)).toEqual({
      start_date: '2025-12-01',
      end_date: '2025-12-31',
    });
    expect(presetRange('this-year', today)).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    });
  });

  it('knows leap years and keeps custom dates as given', () => {
    expect(presetRange('last-month', new Date(2028, 2, 3)).end_date).toBe('2028-02-29');
    expect(presetRange('custom', today, { start_date: '2026-01-02' })).toEqual({
      start_date: '2026-01-02',
    });
  });

  it('formats local dates as yyyy-MM-dd', () => {
    expect(localIsoDate(new Date(2026, 8, 5))).toBe('2026-09-05');
  });
});
