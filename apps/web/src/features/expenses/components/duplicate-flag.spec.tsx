/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { anExpense } from '@/testing/expense-fixture';
import { DuplicateFlag } from './duplicate-flag';

// The card's duplicate flag: both receipts side by side, Keep both and Delete this one, each
// one request for the flagged expense only; nothing is sent before a button is pressed.

const earlier = anExpense({
  id: 'earlier',
  vendor: 'Mossy Stone Bakery',
  amount: 23.8,
  currency: 'EUR',
  expense_date: '2026-04-09',
  extraction_method: 'text',
  raw_ocr_text: 'MOSSY STONE BAKERY total 23.80',
});
const flagged = anExpense({
  id: 'flagged',
  vendor: 'Mossy Stone Bakery',
  amount: 23.8,
  currency: 'EUR',
  expense_date: '2026-04-10',
  extraction_method: 'text',
  raw_ocr_text: 'Your receipt from Mossy Stone Bakery',
  duplicate_of: 'earlier',
  duplicate_reason: 'details',
});

let requests: RecordedRequest[];

beforeEach(() => {
  signInTestUser();
  requests = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/expenses/earlier') {
      return { body: { success: true, expense: earlier } };
    }
    if (method === 'POST' && path === '/api/expenses/flagged/keep-both') {
      return { body: { success: true, expense: { ...flagged, duplicate_of: null } } };
    }
    if (method === 'DELETE' && path === '/api/expenses/flagged') return { status: 204 };
    return undefined;
  });
});
afterEach(cleanup);

function writes() {
  return requests.filter((request) => request.method !== 'GET');
}

describe('DuplicateFlag', () => {
  it('says why it was matched only when the reason is known', async () => {
    renderWithQuery(<DuplicateFlag expense={{ ...flagged, duplicate_reason: 'image' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Possible duplicate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Same picture')).toBeTruthy();
    cleanup();
    renderWithQuery(<DuplicateFlag expense={{ ...flagged, duplicate_reason: null }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Possible duplicate' }));
    const unknown = await screen.findByRole('dialog');
    expect(within(unknown).queryByText('Matched by:')).toBeNull();
  });

  it('shows nothing for an expense that is not flagged', () => {
    renderWithQuery(<DuplicateFlag expense={{ ...flagged, duplicate_of: null }} />);
    expect(screen.queryByRole('button', { name: 'Possible duplicate' })).toBeNull();
  });

  it('opens both receipts side by side, and Keep both sends keep-both for this one', async () => {
    renderWithQuery(<DuplicateFlag expense={flagged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Possible duplicate' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/^Possible duplicate of Mossy Stone Bakery/);
    expect(within(dialog).getByRole('region', { name: 'This receipt' })).toBeTruthy();
    const other = within(dialog).getByRole('region', { name: 'Earlier receipt' });
    expect(within(other).getByText('MOSSY STONE BAKERY total 23.80')).toBeTruthy();
    expect(within(dialog).getByText('Matched by:').textContent).toBe(
      'Matched by: Same vendor, amount and date',
    );
    expect(writes()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/expenses/flagged/keep-both',
    ]);
  });

  it('Delete this one deletes the flagged expense, never the earlier one', async () => {
    renderWithQuery(<DuplicateFlag expense={flagged} />);
    fireEvent.click(screen.getByRole('button', { name: 'Possible duplicate' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete this one' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/expenses/flagged']);
  });
});
