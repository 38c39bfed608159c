/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { anExpense } from '@/testing/expense-fixture';
import type { Expense } from '@/types/api';
import { SplitDialog } from './split-dialog';

// The split dialog: by percentage or amount, the last part takes the rest, the running sum
// shown, what cannot be saved said in plain words (nothing sent), the body really sent, the
// server's refusal shown, Remove split, and Escape closes.

const entities = [
  { id: 'n1', name: 'Northwind', description: null },
  { id: 's1', name: 'Southwind', description: null },
];

let requests: RecordedRequest[];
let reply: FakeReply;

beforeEach(() => {
  signInTestUser();
  reply = { body: { success: true, expense: anExpense() } };
  requests = stubApi(({ method, path }) =>
    path === '/api/expenses/exp-1/split' && (method === 'PUT' || method === 'DELETE')
      ? reply
      : { body: { success: true, home_currency: 'USD', home_currency_set: true, locale: 'en-US' } },
  );
});
afterEach(cleanup);

function renderDialog(expense: Expense = anExpense({ amount: 100, vendor: 'Costco' })) {
  const onClose = jest.fn();
  renderWithQuery(<SplitDialog expense={expense} entities={entities} onClose={onClose} />);
  return onClose;
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const sent = () => requests.filter((request) => request.method === 'PUT');

describe('SplitDialog', () => {
  it('splits 60/40 by percentage, the last part taking the rest, and sends the parts', async () => {
    const onClose = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Split this receipt' }).textContent).toContain(
      'Costco',
    );
    fireEvent.change(field('Percentage of part 1'), { target: { value: '60' } });
    expect(field('Percentage of part 2').value).toBe('40');
    expect(field('Percentage of part 2').readOnly).toBe(true);
    fireEvent.change(field('Entity of part 1'), { target: { value: 'Northwind' } });
    fireEvent.change(field('Entity of part 2'), { target: { value: 'Southwind' } });
    fireEvent.change(field('Tags of part 1'), { target: { value: 'Office, Paper' } });
    fireEvent.change(field('Description of part 2'), { target: { value: 'Lunch' } });
    expect(screen.getByRole('status').textContent).toBe('$60.00 + $40.00 = $100.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save split' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent().map((request) => request.body)).toEqual([
      {
        mode: 'percent',
        parts: [
          { percent: 60, entity: 'Northwind', tags: ['Office', 'Paper'], description: null },
          { percent: 40, entity: 'Southwind', tags: [], description: 'Lunch' },
        ],
      },
    ]);
  });

  it('by amount, gives the last part the rest to the cent, and adds and removes parts', async () => {
    renderDialog(anExpense({ amount: 10.01 }));
    fireEvent.click(screen.getByRole('radio', { name: 'By amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a part' }));
    fireEvent.change(field('Amount of part 1'), { target: { value: '3.34' } });
    fireEvent.change(field('Amount of part 2'), { target: { value: '3.34' } });
    expect(field('Amount of part 3').value).toBe('3.33');
    fireEvent.click(screen.getByRole('button', { name: 'Remove part 2' }));
    expect(field('Amount of part 2').value).toBe('6.67');
    fireEvent.click(screen.getByRole('button', { name: 'Save split' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0].body).toMatchObject({
      mode: 'amount',
      parts: [{ amount: 3.34 }, { amount: 6.67 }],
    });
  });

  it('says in plain words what cannot be saved, and sends nothing', () => {
    renderDialog();
    fireEvent.change(field('Percentage of part 1'), { target: { value: '120' } });
    expect(screen.getByRole('status').textContent).toBe(
      'The percentages before the last add up to 100% or more: nothing is left for the last part.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save split' }).disabled).toBe(
      true,
    );
    fireEvent.change(field('Percentage of part 1'), { target: { value: 'half' } });
    expect(screen.getByRole('status').textContent).toBe(
      'Part 1: enter a percentage, for example 60.',
    );
    expect(sent()).toHaveLength(0);
  });

  it("shows the server's refusal and stays open", async () => {
    reply = apiError(400, 'VALIDATION_FAILED', "There is no entity named 'Gone'.");
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Save split' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "There is no entity named 'Gone'.",
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers Remove split for a split receipt, and Escape closes', async () => {
    const split = anExpense({
      amount: 100,
      split: {
        mode: 'amount',
        parts: [
          {
            position: 0,
            amount: 70,
            percent: null,
            entity: 'Northwind',
            tags: [],
            description: null,
          },
          {
            position: 1,
            amount: 30,
            percent: null,
            entity: null,
            tags: ['Meals'],
            description: 'x',
          },
        ],
      },
    });
    const onClose = renderDialog(split);
    expect(field('Amount of part 1').value).toBe('70');
    expect(field('Amount of part 2').value).toBe('30');
    expect(field('Tags of part 2').value).toBe('Meals');
    fireEvent.click(screen.getByRole('button', { name: 'Remove split' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    cleanup();
    const closed = renderDialog(split);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
