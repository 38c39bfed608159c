/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { signInTestUser, stubApi } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { SummaryCards } from './summary-cards';

// Under the period's name, the dates the server counted: the cards' This Week runs from Sunday,
// Statistics' is the last 7 days, and the dates show why their sums differ.

const RANGES: Record<string, [string | null, string | null]> = {
  month: ['2026-11-01', '2026-11-30'],
  all: [null, null],
  today: ['2026-11-29', '2026-11-29'],
  week: ['2026-11-29', '2026-12-05'],
};

afterEach(cleanup);

describe('SummaryCards', () => {
  it('shows the date range under each period, none for All Time', async () => {
    signInTestUser();
    stubApi(({ path, query }) => {
      if (path !== '/api/expenses/summary') return undefined;
      const period = query.get('period')!;
      const [start, end] = RANGES[period];
      return {
        body: {
          success: true,
          period,
          start_date: start,
          end_date: end,
          home_currency: 'USD',
          count: 0,
          totals: [],
          converted: null,
          unconverted_count: 0,
        },
      };
    });
    renderWithQuery(<SummaryCards />);
    expect(await screen.findAllByText('Sun, Nov 1 – Mon, Nov 30, 2026')).toHaveLength(3);
    const card = () => screen.getAllByRole('button')[0];
    fireEvent.click(card());
    expect(await screen.findAllByText('All Time')).toHaveLength(3);
    expect(document.querySelector('.summary-card__range')).toBeNull();
    fireEvent.click(card());
    expect(await screen.findAllByText('Sun, Nov 29, 2026')).toHaveLength(3);
    fireEvent.click(card());
    expect(await screen.findAllByText('Sun, Nov 29 – Sat, Dec 5, 2026')).toHaveLength(3);
    expect(card().textContent).toContain('This Week');
  });

  it('says how many expenses have no date and are not counted', async () => {
    signInTestUser();
    stubApi(({ path }) => {
      if (path !== '/api/expenses/summary') return undefined;
      return {
        body: {
          success: true,
          period: 'month',
          start_date: '2026-11-01',
          end_date: '2026-11-30',
          home_currency: 'USD',
          count: 4,
          totals: [{ currency: 'USD', total: 40, count: 4, average: 10 }],
          converted: null,
          unconverted_count: 0,
          undated_count: 2,
        },
      };
    });
    renderWithQuery(<SummaryCards />);
    expect(await screen.findByText('2 without a date, not counted')).toBeTruthy();
  });
});
