import { describe, expect, it } from '@jest/globals';
import { pageItems, readPageParams } from './pagination';

describe('pageItems', () => {
  it('shows every page up to five', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows first, last and neighbours with ellipses beyond five', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap-after', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap-before', 4, 5, 6, 'gap-after', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap-before', 9, 10]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 'gap-after', 7]);
  });
});

describe('readPageParams', () => {
  it('reads page and limit, defaulting to 1 and 25', () => {
    expect(readPageParams(new URLSearchParams('page=3&limit=50'))).toEqual({ page: 3, limit: 50 });
    expect(readPageParams(new URLSearchParams(''))).toEqual({ page: 1, limit: 25 });
    expect(readPageParams(new URLSearchParams('page=-2&limit=30'))).toEqual({
      page: 1,
      limit: 25,
    });
    expect(readPageParams(new URLSearchParams('page=x&limit=10'))).toEqual({ page: 1, limit: 10 });
  });
});
