import { describe, expect, it } from '@jest/globals';
import { bucketLabel, labelEvery, niceMax } from './chart';

describe('niceMax', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(87)).toBe(100);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(2_100)).toBe(2_500);
    expect(niceMax(4_321.09)).toBe(5_000);
    expect(niceMax(1_000)).toBe(1_000);
  });
});

describe('bucketLabel', () => {
  it('names days and weeks by date and months by month', () => {
    expect(bucketLabel('2026-11-08', 'day')).toBe('Nov 8');
    expect(bucketLabel('2026-11-08', 'week')).toBe('Nov 8');
    expect(bucketLabel('2026-02-01', 'month')).toBe('Feb 2026');
  });
});

describe('labelEvery', () => {
  it('thins the labels of long series', () => {
    expect(labelEvery(7)).toBe(1);
    expect(labelEvery(30)).toBe(4);
    expect(labelEvery(53)).toBe(7);
  });
});
