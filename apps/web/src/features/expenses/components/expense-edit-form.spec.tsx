/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AmountMessages, TaxMessages } from '@snaptrack/contracts/core';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { anExpense } from '@/testing/expense-fixture';
import { ExpenseEditForm } from './expense-edit-form';

// The inline edit form: amounts read in the account's locale (refused beside the field when
// they cannot be read, never saved as something else), Escape closing only the innermost
// thing, the question before changes are dropped, and ↓ Enter adding the suggestion.

let requests: RecordedRequest[];
let locale: string | null;
let onDone: jest.Mock<() => void>;

beforeEach(() => {
  signInTestUser();
  locale = 'en-US';
  onDone = jest.fn<() => void>();
  requests = stubApi(({ method, path }) => {
    if (path === '/api/user/currency') {
      return { body: { success: true, home_currency: 'USD', home_currency_set: true, locale } };
    }
    if (path === '/api/tags/search') return { body: { success: true, tags: ['Travel', 'Taxi'] } };
    if (method === 'PATCH') return { body: { success: true, expense: anExpense() } };
    return undefined;
  });
});
afterEach(cleanup);

async function renderForm() {
  renderWithQuery(
    <ExpenseEditForm expense={anExpense({ amount: 12.5 })} entities={[]} onDone={onDone} />,
  );
  // The account's locale has arrived once the currency list shows the home currency.
  await waitFor(() => expect(requests.some((r) => r.path === '/api/user/currency')).toBe(true));
}
const amount = () => screen.getByLabelText<HTMLInputElement>('Amount');
const typeAmount = (value: string) => fireEvent.change(amount(), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const patches = () => requests.filter((request) => request.method === 'PATCH');

describe('ExpenseEditForm amount', () => {
  it('saves a decimal comma as the amount the user meant', async () => {
    await renderForm();
    typeAmount('2,51');
    fireEvent.blur(amount());
    expect(amount().value).toBe('2.51');
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toMatchObject({ amount: 2.51 });
  });

  it('refuses a negative amount beside the field and sends nothing', async () => {
    await renderForm();
    typeAmount('-5');
    save();
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(AmountMessages.negative);
    expect(amount().getAttribute('aria-describedby')).toBe(error.id);
    expect(amount().value).toBe('-5');
    expect(patches()).toHaveLength(0);
  });

  it('refuses what cannot be read, and keeps what was typed', async () => {
    await renderForm();
    typeAmount('12.5.0');
    fireEvent.blur(amount());
    expect(screen.getByRole('alert').textContent).toBe(AmountMessages.unreadable);
    expect(amount().value).toBe('12.5.0');
    save();
    expect(patches()).toHaveLength(0);
  });
});

describe('ExpenseEditForm tax', () => {
  const tax = () => screen.getByLabelText<HTMLInputElement>('Tax');
  const renderTaxed = async () => {
    renderWithQuery(
      <ExpenseEditForm
        expense={anExpense({
          amount: 35.55,
          currency: 'EUR',
          tax_amount: 4.61,
          tax_lines: [
            { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
            { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
          ],
        })}
        entities={[]}
        onDone={onDone}
      />,
    );
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/currency')).toBe(true));
  };

  it('shows the tax read per rate and saves a corrected tax', async () => {
    await renderTaxed();
    expect(tax().value).toBe('4.61');
    expect(screen.getByText(/Read per rate: 19% .*3\.87 · 7% .*0\.74/)).toBeTruthy();
    fireEvent.change(tax(), { target: { value: '4,62' } });
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toMatchObject({ tax_amount: 4.62 });
  });

  it('does not send the tax when it was not touched, and sends null when cleared', async () => {
    await renderTaxed();
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).not.toHaveProperty('tax_amount');
    cleanup();
    await renderTaxed();
    fireEvent.change(tax(), { target: { value: '' } });
    save();
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1].body).toMatchObject({ tax_amount: null });
  });

  it('refuses a tax above the total with the server rule, and sends nothing', async () => {
    await renderTaxed();
    fireEvent.change(tax(), { target: { value: '40' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(TaxMessages.moreThanTotal);
    expect(patches()).toHaveLength(0);
  });
});

describe('ExpenseEditForm Escape', () => {
  async function openSuggestions() {
    const input = screen.getByPlaceholderText('Add a tag');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'T' } });
    // The search for what was typed goes out a moment after the last key.
    await waitFor(() => expect(requests.some((r) => r.query.get('q') === 'T')).toBe(true));
    await screen.findByRole('listbox');
    return input;
  }

  it('closes the suggestions first, then asks before dropping changes', async () => {
    await renderForm();
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'Changed Cafe' } });
    const input = await openSuggestions();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(await screen.findByRole('dialog', { name: 'Discard your changes?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Vendor').value).toBe('Changed Cafe');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing was changed', async () => {
    await renderForm();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('adds the suggestion chosen with ↓ Enter, not the typed prefix', async () => {
    await renderForm();
    const input = await openSuggestions();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    const chips = screen.getByRole('list', { name: 'Tags of this expense' });
    expect(chips.textContent).toContain('Travel');
    expect(chips.textContent).not.toMatch(/^T(?!ravel)/);
    expect(screen.queryByRole('button', { name: 'Remove tag T' })).toBeNull();
  });
});

describe('ExpenseEditForm date', () => {
  it('asks for a date that was not read, never offering one, and saves the one typed', async () => {
    renderWithQuery(
      <ExpenseEditForm
        expense={anExpense({
          expense_date: null,
          field_evidence: { expense_date: { confidence: 0, box: null, flag: 'not_read' } },
        })}
        entities={[]}
        onDone={onDone}
      />,
    );
    await waitFor(() => expect(requests.some((r) => r.path === '/api/user/currency')).toBe(true));
    const date = screen.getByLabelText<HTMLInputElement>('Date');
    expect(date.value).toBe('');
    expect(date.required).toBe(true);
    fireEvent.change(date, { target: { value: '2026-02-14' } });
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).toMatchObject({ expense_date: '2026-02-14' });
  });
});
