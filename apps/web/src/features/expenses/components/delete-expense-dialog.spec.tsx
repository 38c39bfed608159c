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
import { DeleteExpenseDialog } from './delete-expense-dialog';

// Delete dialog: it names the expense, deletes that one and closes, or stays open with the
// spec's message when the server refuses.

const expense = anExpense();

let requests: RecordedRequest[];
let reply: FakeReply;

beforeEach(() => {
  signInTestUser();
  reply = { status: 204 };
  requests = stubApi(({ method, path }) =>
    method === 'DELETE' && path === '/api/expenses/exp-1' ? reply : { body: {} },
  );
});
afterEach(cleanup);

function renderDialog() {
  const onClose = jest.fn();
  renderWithQuery(<DeleteExpenseDialog expense={expense} onClose={onClose} />);
  return onClose;
}

describe('DeleteExpenseDialog', () => {
  it('names the expense, deletes it and closes', async () => {
    const onClose = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Delete this expense?' }).textContent).toContain(
      'Corner Cafe',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('asks about a duplicate as a duplicate in the review queue', async () => {
    const onClose = jest.fn();
    renderWithQuery(<DeleteExpenseDialog expense={expense} onClose={onClose} asDuplicate />);
    const ask = screen.getByRole('dialog', { name: 'Delete this duplicate?' });
    expect(ask.textContent).toContain('Corner Cafe');
    expect(ask.textContent).toContain('copy of an earlier receipt, which stays');
    fireEvent.click(screen.getByRole('button', { name: 'Delete duplicate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('stays open with the failure when the server refuses', async () => {
    reply = apiError(500, 'INTERNAL', 'boom');
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete expense');
    expect(onClose).not.toHaveBeenCalled();
  });
});
