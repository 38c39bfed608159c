/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { anExpense } from '@/testing/expense-fixture';
import { renderWithQuery } from '@/testing/render-with-query';
import { ExpenseList } from './expense-list';

// The list draws its first cards at once and the rest in steps when the browser is idle: every
// card of the page ends up there, in the server's order, and the grid says it is busy until then.

const page = Array.from({ length: 25 }, (_, index) =>
  anExpense({ id: `exp-${index + 1}`, vendor: `Vendor ${index + 1}` }),
);

let requests: RecordedRequest[];

beforeEach(() => {
  signInTestUser();
  requests = stubApi(({ path }) => {
    if (path === '/api/expenses')
      return {
        body: {
          expenses: page,
          pagination: { page: 1, limit: 25, total_count: 61, total_pages: 3 },
        },
      };
    if (path === '/api/entities') return { body: { entities: [] } };
    return { body: {} };
  });
});
afterEach(cleanup);

const vendors = () =>
  screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('ExpenseList', () => {
  it('draws the first cards, then every other card of the page, in order', async () => {
    renderWithQuery(
      <MemoryRouter>
        <ExpenseList />
      </MemoryRouter>,
    );
    await screen.findByRole('article', { name: 'Expense Vendor 1' });
    const grid = document.querySelector('.expense-grid');
    // The first render has a screenful, not the page: the rest is still to come.
    expect(vendors().length).toBeLessThan(25);
    expect(grid?.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(vendors()).toHaveLength(25));
    expect(vendors()).toEqual(page.map((expense) => `Expense ${expense.vendor}`));
    await waitFor(() => expect(grid?.hasAttribute('aria-busy')).toBe(false));
    expect(screen.getByText('61 expenses')).toBeTruthy();
    expect(requests.filter((request) => request.path === '/api/expenses')).toHaveLength(1);
  });

  it('keeps each card working once all are drawn: the last one opens its editor', async () => {
    renderWithQuery(
      <MemoryRouter>
        <ExpenseList />
      </MemoryRouter>,
    );
    const last = await screen.findByRole('article', { name: 'Expense Vendor 25' });
    fireEvent.click(within(last).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(last.classList.contains('expense-card--editing')).toBe(true));
  });
});
