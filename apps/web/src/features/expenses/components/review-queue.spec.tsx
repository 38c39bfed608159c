/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { anExpense } from '@/testing/expense-fixture';
import type { Expense } from '@/types/api';
import { ReviewQueue } from './review-queue';

// The review queue driven by the keyboard: it moves, confirms (the receipt leaves and the next
// one takes its place), opens the edit form and the shortcuts, and ends empty.

let queue: Expense[];
let requests: RecordedRequest[];

beforeEach(() => {
  signInTestUser();
  queue = [
    anExpense({
      id: 'a',
      vendor: 'Unsure Cafe',
      field_evidence: {
        vendor: { confidence: 0.95, box: null },
        amount: { confidence: 0.4, box: null },
      },
    }),
    anExpense({ id: 'b', vendor: 'Broken Receipt', status: 'failed', processing_error: 'Blurry' }),
  ];
  requests = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/expenses') {
      return {
        body: {
          success: true,
          expenses: queue,
          pagination: { total_count: queue.length, current_page: 1, per_page: 100 },
        },
      };
    }
    if (method === 'GET' && path === '/api/entities') return { body: { entities: [] } };
    const deleted = /^\/api\/expenses\/(\w+)$/.exec(path);
    if (method === 'DELETE' && deleted) {
      queue = queue.filter((e) => e.id !== deleted[1]);
      return { status: 204 };
    }
    const confirmed = /^\/api\/expenses\/(\w+)\/review$/.exec(path);
    if (method === 'POST' && confirmed) {
      const expense = queue.find((e) => e.id === confirmed[1])!;
      queue = queue.filter((e) => e !== expense);
      return { body: { success: true, expense: { ...expense, reviewed_at: '2026-01-01' } } };
    }
    return undefined;
  });
});
afterEach(cleanup);

const press = (key: string) => fireEvent.keyDown(document.body, { key });
const position = () => screen.getByText(/^Receipt \d+ of \d+$/).textContent;

function renderQueue() {
  renderWithQuery(
    <MemoryRouter>
      <ReviewQueue />
    </MemoryRouter>,
  );
}

describe('ReviewQueue', () => {
  it('asks for the queue only, and says why each receipt is there', async () => {
    renderQueue();
    expect(await screen.findByText('Receipt 1 of 2')).toBeTruthy();
    const list = requests.find((r) => r.path === '/api/expenses')!;
    expect(list.query.get('review')).toBe('needed');
    expect(screen.getByText('Unsure: Amount')).toBeTruthy();
    expect(screen.getByText('Unsure · 40%')).toBeTruthy();
    press('j');
    expect(screen.getByText('Could not be read: Blurry')).toBeTruthy();
  });

  it('shows a date not read as not read, and an assumed currency as assumed', async () => {
    queue = [
      anExpense({
        id: 'c',
        vendor: 'Quiet Deli',
        currency: 'GBP',
        expense_date: null,
        field_evidence: {
          vendor: { confidence: 0.95, box: null },
          amount: { confidence: 0.9, box: null },
          expense_date: { confidence: 0, box: null, flag: 'not_read' },
          currency: { confidence: 0, box: null, flag: 'assumed' },
        },
      }),
    ];
    renderQueue();
    expect(await screen.findByText('Not read: Date')).toBeTruthy();
    expect(screen.getByText('Currency assumed: GBP, not shown on the receipt')).toBeTruthy();
    // An expense without a date shows that it has none, never a made-up one.
    expect(screen.getByText('Date not read')).toBeTruthy();
    expect(screen.getByText('Not read')).toBeTruthy();
    expect(screen.getByText('Currency assumed')).toBeTruthy();
    expect(screen.queryByText(/Unsure/)).toBeNull();
  });

  it('moves with J/K and the arrows, and stops at the ends', async () => {
    renderQueue();
    await screen.findByText('Receipt 1 of 2');
    press('k');
    expect(position()).toBe('Receipt 1 of 2');
    press('j');
    expect(position()).toBe('Receipt 2 of 2');
    press('ArrowRight');
    expect(position()).toBe('Receipt 2 of 2');
    press('ArrowUp');
    expect(position()).toBe('Receipt 1 of 2');
  });

  it('confirms with Enter until the queue is empty', async () => {
    renderQueue();
    await screen.findByText('Receipt 1 of 2');
    press('Enter');
    await screen.findByText('Receipt 1 of 1');
    expect(screen.getByText('Broken Receipt')).toBeTruthy();
    press('Enter');
    await screen.findByText('Nothing to review.');
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual(['/api/expenses/a/review', '/api/expenses/b/review']);
  });

  it('opens the edit form with E, where keys are typed, and Escape closes it', async () => {
    renderQueue();
    await screen.findByText('Receipt 1 of 2');
    press('e');
    const vendor = await screen.findByLabelText('Vendor');
    expect(document.activeElement).toBe(vendor);
    fireEvent.keyDown(vendor, { key: 'j' });
    expect(position()).toBe('Receipt 1 of 2');
    fireEvent.keyDown(vendor, { key: 'Enter' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    press('Escape');
    await waitFor(() => expect(screen.queryByLabelText('Vendor')).toBeNull());
  });

  it('lists the shortcuts on ?, and asks before deleting on D', async () => {
    renderQueue();
    await screen.findByText('Receipt 1 of 2');
    press('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help.textContent).toContain('Next receipt');
    expect(help.textContent).toContain('Confirm: the fields are right');
    expect(help.textContent).toContain(
      'Delete, after asking. On a possible duplicate: it is a duplicate, delete it',
    );
    press('?');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('d');
    expect(screen.getByRole('dialog', { name: 'Delete this expense?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete duplicate' })).toBeNull();
  });

  it('takes D on a flagged duplicate as "this is a duplicate: delete it", after asking', async () => {
    queue = [anExpense({ id: 'c', vendor: 'Copy Cafe', duplicate_of: 'a' }), ...queue];
    renderQueue();
    await screen.findByText('Receipt 1 of 3');
    expect(screen.getByText('Possible duplicate of another receipt')).toBeTruthy();
    press('d');
    const ask = screen.getByRole('dialog', { name: 'Delete this duplicate?' });
    expect(ask.textContent).toContain('Copy Cafe');
    expect(ask.textContent).toContain('It is a copy of an earlier receipt, which stays.');
    // Asked only: nothing is deleted until the answer.
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete duplicate' }));
    await screen.findByText('Receipt 1 of 2');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/expenses/c',
    ]);
    expect(screen.getByText('Unsure Cafe')).toBeTruthy();
  });

  it('moves on a swipe', async () => {
    renderQueue();
    await screen.findByText('Receipt 1 of 2');
    const item = document.querySelector('.review__item')!;
    fireEvent.touchStart(item, { changedTouches: [{ clientX: 300 }] });
    fireEvent.touchEnd(item, { changedTouches: [{ clientX: 100 }] });
    expect(position()).toBe('Receipt 2 of 2');
    fireEvent.touchStart(item, { changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(item, { changedTouches: [{ clientX: 130 }] });
    expect(position()).toBe('Receipt 2 of 2');
    fireEvent.touchStart(item, { changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(item, { changedTouches: [{ clientX: 250 }] });
    expect(position()).toBe('Receipt 1 of 2');
  });

  it('shows a mailed text receipt as its mail, never asking for an image it has not', async () => {
    queue = [
      anExpense({
        id: 'm',
        vendor: 'Ride Co',
        extraction_method: 'text',
        // The stored mail text has a key, so the API names an image URL that answers 404.
        image_url: '/api/expenses/m/image',
        email_subject: 'Your Friday trip',
        raw_ocr_text: 'Trip total $20.75',
        field_evidence: { amount: { confidence: 0.4, box: null } },
      }),
    ];
    renderQueue();
    await screen.findByText('Receipt 1 of 1');
    expect(screen.getByText('Trip total $20.75')).toBeTruthy();
    expect(screen.getByText('Email receipt: Your Friday trip')).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/image'))).toBe(false);
  });
});
