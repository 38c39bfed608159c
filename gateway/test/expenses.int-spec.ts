import { beforeAll, describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, createTestAccount, withDatabase, type TestAccount } from '@snaptrack/testing';
import { allRows, todayIn } from './support/brute-force.js';
import { insertExpenses, shiftDate, spreadAround } from './support/expense-fixtures.js';

let demo: string;
let other: TestAccount;
let otherIds: string[];

/** Matches a string or null (a nullable text field of the contract). */
const textOrNull = {
  asymmetricMatch: (value: unknown) => value === null || typeof value === 'string',
  toString: () => 'TextOrNull',
};

async function demoExpenses(query = '') {
  return api(`/api/expenses${query}`, { token: demo });
}

beforeAll(async () => {
  const login = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  demo = login.body.token;
  other = await createTestAccount('expenses');
  for (const name of ['Personal', 'Studio North']) {
    await api('/api/entities', { token: other.token, body: { name } });
  }
  otherIds = await insertExpenses(
    other.id,
    spreadAround(todayIn('UTC'), ['Personal', 'Studio North', null]),
  );
});

describe('GET /api/expenses', () => {
  it('gives the demo account its sample, newest first, with the documented pagination', async () => {
    const { status, body } = await demoExpenses();
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.expenses).toHaveLength(25);
    expect(body.pagination).toEqual({
      current_page: 1,
      per_page: 25,
      total_count: expect.any(Number),
      total_pages: Math.ceil(body.pagination.total_count / 25),
      has_next_page: true,
      has_prev_page: false,
    });
    expect(body.pagination.total_count).toBeGreaterThanOrEqual(50);
    const dates = body.expenses.map((expense: { expense_date: string }) => expense.expense_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.expenses[0]).toEqual({
      id: expect.any(String),
      vendor: expect.any(String),
      amount: expect.any(Number),
      currency: 'USD',
      exchange_rate: null,
      rate_currency: null,
      rate_source: null,
      rate_date: null,
      expense_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      notes: textOrNull,
      entity: textOrNull,
      tags: expect.any(Array),
      ocr_confidence: expect.any(Number),
      image_url: null,
      extraction_method: expect.stringMatching(/^(image|text|manual)$/),
      email_subject: textOrNull,
      raw_ocr_text: textOrNull,
      status: expect.stringMatching(/^(processing|ready|failed)$/),
      processing_error: textOrNull,
      duplicate_of: null,
      duplicate_reason: null,
      field_evidence: null,
      edited_fields: [],
      reviewed_at: null,
      split: null,
      tax_amount: null,
      tax_lines: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('pages with limit or per_page, and the last page says so', async () => {
    const first = await demoExpenses('?page=1&limit=10');
    const total = first.body.pagination.total_count as number;
    const lastPage = Math.ceil(total / 10);
    const last = await demoExpenses(`?page=${lastPage}&per_page=10`);
    expect(last.body.pagination).toEqual({
      current_page: lastPage,
      per_page: 10,
      total_count: total,
      total_pages: lastPage,
      has_next_page: false,
      has_prev_page: true,
    });
    expect(last.body.expenses).toHaveLength(total - (lastPage - 1) * 10);
    const beyond = await demoExpenses(`?page=${lastPage + 1}&limit=10`);
    expect(beyond.body.expenses).toEqual([]);
    const second = await demoExpenses('?page=2&limit=10');
    const ids = new Set(first.body.expenses.map((e: { id: string }) => e.id));
    expect(second.body.expenses.some((e: { id: string }) => ids.has(e.id))).toBe(false);
    for (const size of [10, 25, 50, 100]) {
      const page = await demoExpenses(`?limit=${size}`);
      expect(page.body.expenses).toHaveLength(Math.min(size, total));
    }
  });

  // That every page is the exact slice of the order, also after changes, is expenses-service's
  // SQL: apps/expenses-service/test/medium/expenses.medium-spec.ts.
  it('filters by dates, entities, tags (repeated values), vendor text and status', async () => {
    const today = todayIn('UTC');
    const rows = await allRows(other.token);
    const start = shiftDate(today, -30);
    const dated = await api(`/api/expenses?start_date=${start}&end_date=${today}&limit=100`, {
      token: other.token,
    });
    expect(dated.body.pagination.total_count).toBe(
      rows.filter((row) => row.date >= start && row.date <= today).length,
    );

    const entities = await api(
      '/api/expenses?entities=Studio%20North&entities=Unassigned&limit=100',
      { token: other.token },
    );
    expect(entities.body.pagination.total_count).toBe(
      rows.filter((row) => row.entity !== 'Personal').length,
    );
    expect(
      entities.body.expenses.every((e: { entity: string | null }) => e.entity !== 'Personal'),
    ).toBe(true);

    const tags = await api('/api/expenses?tags=ALPHA&tags=bravo&limit=100', {
      token: other.token,
    });
    expect(tags.body.pagination.total_count).toBe(
      rows.filter((row) => row.tags.includes('alpha') || row.tags.includes('bravo')).length,
    );
    const oneTag = await api('/api/expenses?tags=alpha&limit=100', { token: other.token });
    expect(oneTag.body.pagination.total_count).toBe(
      rows.filter((row) => row.tags.includes('alpha')).length,
    );

    const vendor = await api('/api/expenses?vendor=EDA&limit=100', { token: other.token });
    expect(vendor.body.pagination.total_count).toBe(
      rows.filter((row) => row.vendor === 'Cedar').length,
    );
    const wildcard = await api('/api/expenses?vendor=%25', { token: other.token });
    expect(wildcard.body.pagination.total_count).toBe(0);

    const processing = await api('/api/expenses?status=processing', { token: other.token });
    expect(processing.body.expenses.map((e: { vendor: string }) => e.vendor)).toEqual(['Acorn']);
  });

  it('refuses bad paging and filters with a clear message', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit must be a whole number from 1 to 100.'],
      ['?limit=101', 'limit must be a whole number from 1 to 100.'],
      ['?per_page=500', 'per_page must be a whole number from 1 to 100.'],
      ['?page=0', 'page must be a whole number of 1 or more.'],
      ['?page=two', 'page must be a whole number of 1 or more.'],
      ['?start_date=2025-02-30', 'start_date must be a date (YYYY-MM-DD).'],
      ['?end_date=yesterday', 'end_date must be a date (YYYY-MM-DD).'],
      ['?status=lost', 'status must be one of processing, ready, failed.'],
      ['?sort=amount', 'property sort should not exist'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await demoExpenses(query);
      expect([query, status, body.error.message]).toEqual([query, 400, message]);
    }
  });

  it("keeps each account's expenses to itself", async () => {
    const mine = await allRows(demo);
    const theirs = await api('/api/expenses?limit=100', { token: other.token });
    expect(theirs.body.pagination.total_count).toBe(otherIds.length);
    const theirIds = theirs.body.expenses.map((e: { id: string }) => e.id).sort();
    expect(theirIds).toEqual([...otherIds].sort());
    expect(mine.some((row) => row.vendor === 'Acorn')).toBe(false);
  });
});

describe('GET /api/expenses/{id}', () => {
  it("gives one's own expense; another account's, like a malformed id, is 404", async () => {
    const id = otherIds[0];
    const own = await api(`/api/expenses/${id}`, { token: other.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ success: true, expense: expect.objectContaining({ id }) });
    const denied = await api(`/api/expenses/${id}`, { token: demo });
    expect(denied.status).toBe(404);
    expect(denied.body.error.code).toBe('NOT_FOUND');
    const malformed = await api('/api/expenses/not-an-id', { token: other.token });
    expect(malformed.status).toBe(404);
    const anonymous = await api(`/api/expenses/${id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('PATCH /api/expenses/{id}', () => {
  it('edits every field, trims and dedupes tags and files new ones in the catalogue', async () => {
    const id = otherIds[0];
    const { status, body } = await api(`/api/expenses/${id}`, {
      method: 'PATCH',
      token: other.token,
      body: {
        vendor: '  Corner Cafe ',
        amount: 12.5,
        expense_date: '2026-01-15',
        notes: 'Team breakfast',
        entity: 'studio north',
        tags: [' Coffee ', 'coffee', 'ALPHA', '', 'Client'],
      },
    });
    expect(status).toBe(200);
    expect(body.expense).toMatchObject({
      id,
      vendor: 'Corner Cafe',
      amount: 12.5,
      expense_date: '2026-01-15',
      notes: 'Team breakfast',
      entity: 'Studio North',
      // 'alpha' is in the catalogue already: its spelling wins.
      tags: ['Coffee', 'alpha', 'Client'],
    });
    const tags = await api('/api/tags', { token: other.token });
    expect(tags.body.tags).toEqual(expect.arrayContaining(['Coffee', 'alpha', 'Client']));
    expect(tags.body.tags).not.toContain('ALPHA');

    // Tags already in the catalogue keep the catalogue's spelling.
    const again = await api(`/api/expenses/${id}`, {
      method: 'PATCH',
      token: other.token,
      body: { tags: ['client', 'coffee'], entity: null, notes: '' },
    });
    expect(again.body.expense).toMatchObject({
      tags: ['Client', 'Coffee'],
      entity: null,
      notes: null,
      vendor: 'Corner Cafe',
    });
    const listed = await api('/api/expenses?vendor=corner', { token: other.token });
    expect(listed.body.expenses[0]).toMatchObject({ id, tags: ['Client', 'Coffee'] });
  });

  // A datetime's calendar date, an amount of 0 and a failed expense made ready by an edit are
  // ExpensesService's rules: its medium tests.
  it('refuses bad values with a clear message and changes nothing', async () => {
    const id = otherIds[2];
    const before = (
      await api(`/api/expenses?limit=100`, { token: other.token })
    ).body.expenses.find((e: { id: string }) => e.id === id);
    const cases: [object, string][] = [
      [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'An expense can have at most 5 tags.'],
      [{ tags: 'alpha' }, 'Tags must be a list.'],
      [{ tags: ['x'.repeat(51)] }, 'A tag can be at most 50 characters.'],
      [{ amount: 'abc' }, 'Amount must be a number with at most 2 decimal places.'],
      [{ amount: 12.345 }, 'Amount must be a number with at most 2 decimal places.'],
      [
        { amount: -1 },
        'Amount cannot be negative. SnapTrack records money spent; refunds are not supported.',
      ],
      [{ amount: '2,51' }, 'Amount must be a number with at most 2 decimal places.'],
      [{ amount: 1e12 }, 'Amount is too large.'],
      [{ amount: null }, 'Amount must be a number with at most 2 decimal places.'],
      [{ expense_date: '2026-13-01' }, 'Date must be a valid date (YYYY-MM-DD).'],
      [{ vendor: 'v'.repeat(201) }, 'Vendor can be at most 200 characters.'],
      [{ notes: 'n'.repeat(2001) }, 'Description can be at most 2000 characters.'],
      [
        { entity: 'Nowhere Inc' },
        "There is no entity named 'Nowhere Inc'. Add it in Settings first.",
      ],
      [{ user_id: DemoAccount.id }, 'property user_id should not exist'],
      [{ tags: ['ok'], amount: 'x' }, 'Amount must be a number with at most 2 decimal places.'],
    ];
    for (const [body, message] of cases) {
      const response = await api(`/api/expenses/${id}`, {
        method: 'PATCH',
        token: other.token,
        body,
      });
      expect([body, response.status, response.body.error?.message]).toEqual([body, 400, message]);
    }
    const after = (await api(`/api/expenses?limit=100`, { token: other.token })).body.expenses.find(
      (e: { id: string }) => e.id === id,
    );
    expect(after).toEqual(before);
  });

  it("answers 404 for another account's expense and leaves it untouched", async () => {
    const theirs = otherIds[3];
    const { status, body } = await api(`/api/expenses/${theirs}`, {
      method: 'PATCH',
      token: demo,
      body: { vendor: 'Hijacked' },
    });
    expect(status).toBe(404);
    expect(body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Expense not found.' },
    });
    const vendor = await withDatabase(async (client) => {
      const result = await client.query(
        'SELECT "vendor" FROM "expenses"."expenses" WHERE "id" = $1',
        [theirs],
      );
      return result.rows[0].vendor as string;
    });
    expect(vendor).not.toBe('Hijacked');
    const demoId = (await demoExpenses('?limit=1')).body.expenses[0].id;
    const reverse = await api(`/api/expenses/${demoId}`, {
      method: 'PATCH',
      token: other.token,
      body: { amount: 1 },
    });
    expect(reverse.status).toBe(404);
    const malformed = await api('/api/expenses/not-an-id', {
      method: 'PATCH',
      token: demo,
      body: { amount: 1 },
    });
    expect(malformed.status).toBe(404);
  });

  it("refuses the other account's entity by name", async () => {
    const demoId = (await demoExpenses('?limit=1')).body.expenses[0].id;
    const { status, body } = await api(`/api/expenses/${demoId}`, {
      method: 'PATCH',
      token: demo,
      body: { entity: 'Studio North' },
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe(
      "There is no entity named 'Studio North'. Add it in Settings first.",
    );
  });
});

describe('DELETE /api/expenses/{id}', () => {
  it("answers 404 for another account's expense, then deletes one's own", async () => {
    const id = otherIds[4];
    const denied = await api(`/api/expenses/${id}`, { method: 'DELETE', token: demo });
    expect(denied.status).toBe(404);
    expect(denied.body.error.code).toBe('NOT_FOUND');
    const deleted = await api(`/api/expenses/${id}`, { method: 'DELETE', token: other.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    const again = await api(`/api/expenses/${id}`, { method: 'DELETE', token: other.token });
    expect(again.status).toBe(404);
    const rows = await api('/api/expenses?limit=100', { token: other.token });
    expect(rows.body.expenses.some((e: { id: string }) => e.id === id)).toBe(false);
  });
});
