import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { api, createTestAccount, stack, withDatabase, type TestAccount } from '@snaptrack/testing';
import { download } from './support/export-oracle.js';
import { insertExpenses } from './support/expense-fixtures.js';

// A USD account with a USD, a MYR and a EUR expense: the summary, the statistics and the
// exports keep the currencies apart, and convert only where rates allow.

let owner: TestAccount;
let other: TestAccount;
let myr: string;
let eur: string;
let othersExpense: string;
const today = new Date().toISOString().slice(0, 10);

const setHome = (account: TestAccount, body: unknown) =>
  api('/api/user/currency', { method: 'PUT', token: account.token, body });
const patch = (account: TestAccount, id: string, body: unknown) =>
  api(`/api/expenses/${id}`, { method: 'PATCH', token: account.token, body });
const summary = (account: TestAccount) =>
  api('/api/expenses/summary?period=all&tz=UTC', { token: account.token });
const statistics = (account: TestAccount) =>
  api('/api/statistics?period=all&tz=UTC', { token: account.token });

beforeAll(async () => {
  owner = await createTestAccount('currency');
  other = await createTestAccount('currency-other');
  expect(
    (await api('/api/entities', { token: owner.token, body: { name: 'Personal' } })).status,
  ).toBe(201);
  [, myr, eur] = await insertExpenses(owner.id, [
    { vendor: 'Diner', cents: 10000, date: today, entity: 'Personal', tags: ['Meals'] },
    {
      vendor: 'Kedai Kopi',
      cents: 4510,
      date: today,
      entity: 'Personal',
      tags: ['Meals'],
      currency: 'MYR',
    },
    { vendor: 'Bäckerei', cents: 2000, date: today, entity: null, tags: [], currency: 'EUR' },
  ]);
  [othersExpense] = await insertExpenses(other.id, [
    { vendor: 'Café', cents: 500, date: today, entity: null, tags: [], currency: 'EUR' },
  ]);
});

describe('home currency', () => {
  it('is USD and unset until chosen, then set only once with only_if_unset', async () => {
    expect((await api('/api/user/currency', { token: owner.token })).body).toEqual({
      success: true,
      home_currency: 'USD',
      home_currency_set: false,
      locale: null,
    });
    const first = await setHome(owner, { home_currency: 'USD', only_if_unset: true });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      home_currency: 'USD',
      home_currency_set: true,
      locale: null,
    });
    // A browser's locale arriving later never overwrites a choice.
    const later = await setHome(owner, { home_currency: 'JPY', only_if_unset: true });
    expect(later.body.home_currency).toBe('USD');
  });

  it('refuses what is not an ISO 4217 code', async () => {
    for (const home_currency of ['XYZ', 'usd', 'US', 'EURO', 42, null, '']) {
      const response = await setHome(owner, { home_currency });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Currency must be an ISO 4217 code such as USD, EUR or MYR.',
      );
    }
    expect((await setHome(owner, { home_currency: 'EUR', only_if_unset: 'yes' })).status).toBe(400);
    expect((await api('/api/user/currency', { token: owner.token })).body.home_currency).toBe(
      'USD',
    );
  });

  it('stores the locale canonical, once with only_if_unset, and refuses a malformed one', async () => {
    for (const locale of ['x', 'en_US', '*', 'de-DE; DROP TABLE', 'a'.repeat(40), 7]) {
      const response = await setHome(owner, { home_currency: 'USD', locale });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Locale must be a BCP 47 language tag such as en-US, de-DE or ms-MY.',
      );
    }
    const first = await setHome(owner, {
      home_currency: 'JPY',
      locale: 'ms-my',
      only_if_unset: true,
    });
    expect(first.body).toMatchObject({ home_currency: 'USD', locale: 'ms-MY' });
    // A browser's locale arriving later keeps the stored one; Settings changes it.
    const later = await setHome(owner, {
      home_currency: 'USD',
      locale: 'de-DE',
      only_if_unset: true,
    });
    expect(later.body.locale).toBe('ms-MY');
    const chosen = await setHome(owner, { home_currency: 'USD', locale: 'en-GB' });
    expect(chosen.body).toMatchObject({ home_currency: 'USD', locale: 'en-GB' });
    // Leaving it out keeps it.
    expect((await setHome(owner, { home_currency: 'USD' })).body.locale).toBe('en-GB');
  });

  it("cannot be set for another user's account", async () => {
    const attempt = await setHome(owner, { home_currency: 'EUR', user_id: other.id });
    expect(attempt.status).toBe(400);
    // Identity is the token's: the owner's own change leaves the other account alone.
    expect((await setHome(owner, { home_currency: 'USD' })).status).toBe(200);
    expect((await api('/api/user/currency', { token: other.token })).body).toEqual({
      success: true,
      home_currency: 'USD',
      home_currency_set: false,
      locale: null,
    });
    expect((await api('/api/user/currency', {})).status).toBe(401);
  });
});

describe('totals per currency', () => {
  it('never adds MYR or EUR into the dollar total', async () => {
    const { status, body } = await summary(owner);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      home_currency: 'USD',
      count: 3,
      totals: [
        { currency: 'USD', total: 100, count: 1, average: 100 },
        { currency: 'EUR', total: 20, count: 1, average: 20 },
        { currency: 'MYR', total: 45.1, count: 1, average: 45.1 },
      ],
      converted: null,
      unconverted_count: 2,
    });
  });

  it('keeps the breakdowns to amounts in the home currency', async () => {
    const { body } = await statistics(owner);
    expect(body.totals.map((total: { currency: string }) => total.currency)).toEqual([
      'USD',
      'EUR',
      'MYR',
    ]);
    expect(body.unconverted_count).toBe(2);
    expect(body.converted).toBeNull();
    expect(body.entities).toEqual([
      expect.objectContaining({ entity: 'Personal', total: 100, count: 2, share: 1 }),
      expect.objectContaining({ entity: 'Unassigned', total: 0, count: 1, share: 0 }),
    ]);
    expect(body.top_tags).toEqual([{ tag: 'Meals', count: 2, total: 100 }]);
    const spent = body.series.points.reduce(
      (sum: number, point: { total: number }) => sum + point.total,
      0,
    );
    expect(spent).toBe(100);
    // What is left out there comes per currency, in its own.
    const month = `${today.slice(0, 7)}-01`;
    expect(body.by_currency).toEqual([
      {
        currency: 'EUR',
        total: 20,
        count: 1,
        entities: [{ entity: 'Unassigned', total: 20, count: 1 }],
        months: [{ month, total: 20, count: 1 }],
        top_tags: [],
        top_vendors: [{ vendor: 'Bäckerei', count: 1, total: 20 }],
      },
      {
        currency: 'MYR',
        total: 45.1,
        count: 1,
        entities: [{ entity: 'Personal', total: 45.1, count: 1 }],
        months: [{ month, total: 45.1, count: 1 }],
        top_tags: [{ tag: 'Meals', count: 1, total: 45.1 }],
        top_vendors: [{ vendor: 'Kedai Kopi', count: 1, total: 45.1 }],
      },
    ]);
  });

  it('converts at the rates stored on the expenses, into the home currency they were entered in', async () => {
    const rated = await patch(owner, myr, { exchange_rate: 0.2 });
    expect(rated.status).toBe(200);
    expect(rated.body.expense).toMatchObject({
      currency: 'MYR',
      exchange_rate: 0.2,
      rate_currency: 'USD',
      rate_source: 'user',
      rate_date: null,
    });
    // One foreign expense still without a rate: no converted total yet.
    expect((await summary(owner)).body).toMatchObject({ converted: null, unconverted_count: 1 });
    expect((await patch(owner, eur, { exchange_rate: 1.1 })).status).toBe(200);
    const { body } = await summary(owner);
    expect(body.totals).toHaveLength(3);
    expect(body.converted).toEqual({ currency: 'USD', total: 131.02, count: 3, average: 43.67 });
    expect(body.unconverted_count).toBe(0);
    const stats = await statistics(owner);
    expect(stats.body.converted).toEqual(body.converted);
    expect(stats.body.by_currency).toEqual([]);
    expect(stats.body.entities).toEqual([
      expect.objectContaining({ entity: 'Personal', total: 109.02, count: 2, share: 0.8321 }),
      expect.objectContaining({ entity: 'Unassigned', total: 22, count: 1, share: 0.1679 }),
    ]);
    expect(stats.body.top_vendors).toEqual([
      { vendor: 'Diner', count: 1, total: 100 },
      { vendor: 'Bäckerei', count: 1, total: 22 },
      { vendor: 'Kedai Kopi', count: 1, total: 9.02 },
    ]);
  });

  it('does not read a rate into dollars as one into euros when the home currency changes', async () => {
    expect((await setHome(owner, { home_currency: 'EUR' })).status).toBe(200);
    const { body } = await summary(owner);
    expect(body.home_currency).toBe('EUR');
    expect(body.totals.map((total: { currency: string }) => total.currency)).toEqual([
      'EUR',
      'MYR',
      'USD',
    ]);
    expect(body.converted).toBeNull();
    expect(body.unconverted_count).toBe(2);
    // A rate into the home currency is refused on an expense in it.
    const refused = await patch(owner, eur, { exchange_rate: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'An exchange rate is only for an expense in another currency than your home currency.',
    );
    expect((await setHome(owner, { home_currency: 'USD' })).status).toBe(200);
    expect((await summary(owner)).body.converted).toMatchObject({ total: 131.02 });
  });

  it('previews an export per currency and writes one QuickBooks invoice per currency', async () => {
    const preview = await api('/api/export/preview', { token: owner.token, body: {} });
    expect(preview.body.count).toBe(3);
    expect(preview.body.totals).toEqual([
      { currency: 'EUR', total: 20, count: 1, average: 20 },
      { currency: 'MYR', total: 45.1, count: 1, average: 45.1 },
      { currency: 'USD', total: 100, count: 1, average: 100 },
    ]);
    const { bytes } = await download(stack.baseUrl, '/api/export/quickbooks', owner.token, {
      quickbooksSettings: { customer: 'Client' },
    });
    const rows: string[][] = parse(bytes, { bom: true }).slice(1);
    const invoices = new Map(rows.map((row) => [row[10], row[0]]));
    const plain = invoices.get('100.00');
    expect(plain).toMatch(/^ST-\d{8}-[0-9A-F]{4}$/);
    expect(invoices.get('45.10')).toBe(`${plain}-MYR`);
    expect(invoices.get('20.00')).toBe(`${plain}-EUR`);
  });

  it('writes the rate, its source and the amount in the home currency on each CSV row', async () => {
    const { bytes } = await download(stack.baseUrl, '/api/export/csv', owner.token, {});
    const [header, ...rows]: string[][] = parse(bytes, { bom: true });
    expect(header.slice(-4)).toEqual([
      'Confidence',
      'Exchange rate',
      'Rate source',
      'Amount in USD',
    ]);
    const byVendor = new Map(rows.map((row) => [row[1], row.slice(2, 4).concat(row.slice(-3))]));
    expect(byVendor.get('Diner')).toEqual(['100.00', 'USD', '', '', '100.00']);
    expect(byVendor.get('Kedai Kopi')).toEqual(['45.10', 'MYR', '0.2', 'Entered', '9.02']);
    expect(byVendor.get('Bäckerei')).toEqual(['20.00', 'EUR', '1.1', 'Entered', '22.00']);
  });
});

describe('exchange rates on expenses', () => {
  it('refuses a rate of zero, below zero, too large, not a number or too precise', async () => {
    for (const exchange_rate of [0, -1, 1_000_001, 1e300, '1.5', 'NaN', 0.12345678901, true, {}]) {
      const response = await patch(owner, myr, { vendor: 'Changed', exchange_rate });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Exchange rate must be a number above 0 and at most 1,000,000, with at most 10 decimals.',
      );
    }
    // Nothing of a refused edit is written.
    const [row] = await withDatabase(
      async (client) =>
        (
          await client.query<{ vendor: string; rate: string | null }>(
            `SELECT "vendor", "exchange_rate"::text AS "rate" FROM "expenses"."expenses" WHERE "id" = $1`,
            [myr],
          )
        ).rows,
    );
    expect(row).toEqual({ vendor: 'Kedai Kopi', rate: '0.2000000000' });
  });

  it('takes the largest and the most precise rate there is', async () => {
    const large = await patch(owner, myr, { exchange_rate: 1_000_000 });
    expect(large.status).toBe(200);
    expect(large.body.expense.exchange_rate).toBe(1_000_000);
    const fine = await patch(owner, myr, { exchange_rate: 0.0000000001 });
    expect(fine.body.expense.exchange_rate).toBe(0.0000000001);
    expect((await patch(owner, myr, { exchange_rate: 0.2 })).status).toBe(200);
  });

  it('refuses a currency that is not an ISO 4217 code', async () => {
    for (const currency of ['ABC', 'myr', 'RM', '', null, 7]) {
      const response = await patch(owner, myr, { currency });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Currency must be an ISO 4217 code such as USD, EUR or MYR.',
      );
    }
  });

  it('drops the rate when the currency changes without a new one', async () => {
    const changed = await patch(owner, eur, { currency: 'GBP' });
    expect(changed.status).toBe(200);
    expect(changed.body.expense).toMatchObject({
      currency: 'GBP',
      exchange_rate: null,
      rate_currency: null,
    });
    const both = await patch(owner, eur, { currency: 'EUR', exchange_rate: 1.1 });
    expect(both.body.expense).toMatchObject({ currency: 'EUR', exchange_rate: 1.1 });
    expect((await summary(owner)).body.converted).toMatchObject({ total: 131.02 });
  });

  it("cannot rate another user's expense", async () => {
    const response = await patch(owner, othersExpense, { exchange_rate: 2 });
    expect(response.status).toBe(404);
    const [row] = await withDatabase(
      async (client) =>
        (
          await client.query<{ exchange_rate: string | null }>(
            `SELECT "exchange_rate" FROM "expenses"."expenses" WHERE "id" = $1`,
            [othersExpense],
          )
        ).rows,
    );
    expect(row).toEqual({ exchange_rate: null });
  });
});
