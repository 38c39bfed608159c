import { describe, expect, it } from '@jest/globals';
import { OLDEST_EXPENSE_YEARS, isPlausibleExpenseDate } from './expense.js';

describe('isPlausibleExpenseDate', () => {
  // Uploaded late on 10 March 2026 (UTC): already the 11th east of UTC+1.
  const uploadedAt = new Date('2026-03-10T23:30:00Z');

  it('takes the upload day, and the next one for time zones ahead of UTC', () => {
    expect(isPlausibleExpenseDate('2026-03-10', uploadedAt)).toBe(true);
    expect(isPlausibleExpenseDate('2026-03-11', uploadedAt)).toBe(true);
  });

  it('refuses a date after that', () => {
    expect(isPlausibleExpenseDate('2026-03-12', uploadedAt)).toBe(false);
    expect(isPlausibleExpenseDate('2027-03-01', uploadedAt)).toBe(false);
  });

  it(`takes ${OLDEST_EXPENSE_YEARS} years back and no more`, () => {
    expect(isPlausibleExpenseDate('2001-03-10', uploadedAt)).toBe(true);
    expect(isPlausibleExpenseDate('2001-03-09', uploadedAt)).toBe(false);
    expect(isPlausibleExpenseDate('1926-03-10', uploadedAt)).toBe(false);
  });

  it('refuses what is not a calendar date', () => {
    expect(isPlausibleExpenseDate('2026-02-30', uploadedAt)).toBe(false);
    expect(isPlausibleExpenseDate('2026-13-01', uploadedAt)).toBe(false);
    expect(isPlausibleExpenseDate('10/03/2026', uploadedAt)).toBe(false);
  });
});
