import { describe, expect, it } from '@jest/globals';
import {
  resolveTimeZone,
  splitByMonths,
  statisticsRange,
  summaryRange,
  todayIn,
} from './periods.js';

describe('todayIn', () => {
  it('reads the date on the wall clocks of the zone', () => {
    const now = new Date('2026-03-01T03:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('America/Chicago', now)).toBe('2026-02-28');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T11:00:00Z'))).toBe('2027-01-01');
  });
});

describe('resolveTimeZone', () => {
  it('accepts IANA zones, defaults to UTC and refuses anything else', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(() => resolveTimeZone('Mars/Olympus')).toThrow(
      'tz must be an IANA time zone such as America/Chicago.',
    );
  });
});

describe('summaryRange', () => {
  it('starts the week on Sunday and takes whole calendar months', () => {
    // 2026-02-25 is a Wednesday.
    expect(summaryRange('week', '2026-02-25')).toEqual({ start: '2026-02-22', end: '2026-02-28' });
    expect(summaryRange('week', '2026-02-22')).toEqual({ start: '2026-02-22', end: '2026-02-28' });
    expect(summaryRange('month', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(summaryRange('month', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(summaryRange('today', '2026-12-31')).toEqual({ start: '2026-12-31', end: '2026-12-31' });
    expect(summaryRange('all', '2026-12-31')).toEqual({ start: null, end: null });
  });
});

describe('statisticsRange', () => {
  it('counts back 7, 30 and 365 days including today', () => {
    expect(statisticsRange('week', '2026-03-03')).toEqual({
      start: '2026-02-25',
      end: '2026-03-03',
    });
    expect(statisticsRange('month', '2026-03-30')).toEqual({
      start: '2026-03-01',
      end: '2026-03-30',
    });
    expect(statisticsRange('year', '2026-12-31')).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
    expect(statisticsRange('today', '2026-12-31')).toEqual({
      start: '2026-12-31',
      end: '2026-12-31',
    });
  });
});

describe('splitByMonths', () => {
  it('reads whole months from the monthly totals and the days around them from the rows', () => {
    expect(splitByMonths({ start: '2025-11-26', end: '2026-11-25' })).toEqual({
      months: { start: '2025-12-01', end: '2026-10-01' },
      edges: [
        { start: '2025-11-26', end: '2025-11-30' },
        { start: '2026-11-01', end: '2026-11-25' },
      ],
    });
    expect(splitByMonths({ start: '2026-02-01', end: '2026-02-28' })).toEqual({
      months: { start: '2026-02-01', end: '2026-02-01' },
      edges: [],
    });
    expect(splitByMonths({ start: '2026-01-01', end: '2026-03-30' })).toEqual({
      months: { start: '2026-01-01', end: '2026-02-01' },
      edges: [{ start: '2026-03-01', end: '2026-03-30' }],
    });
  });

  it('has no months when none fits, and only months for all time', () => {
    expect(splitByMonths({ start: '2026-10-27', end: '2026-11-25' })).toEqual({
      edges: [{ start: '2026-10-27', end: '2026-11-25' }],
    });
    expect(splitByMonths({ start: '2026-11-25', end: '2026-11-25' })).toEqual({
      edges: [{ start: '2026-11-25', end: '2026-11-25' }],
    });
    expect(splitByMonths({ start: null, end: null })).toEqual({
      months: { start: null, end: null },
      edges: [],
    });
  });
});
