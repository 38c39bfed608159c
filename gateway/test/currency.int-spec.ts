import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { api, createTestAccount, stack, withDatabase, type TestAccount } from '@snaptrack/testing';
import { download } from './support/export-oracle.js';
import { insertExpenses } from './support/expense-fixtures.js';

// A USD account with a USD, a MYR and a EUR expense: the home currency over HTTP, the exports
// (export-service) keep the currencies apart, and a bad rate or currency is refused clearly.

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

// How the summary and statistics keep currencies apart and convert at the stored rates, and the
// rules of a rate on an expense, are expenses-service's: test/medium/currency.medium-spec.ts.
describe('exports per currency', () => {
  beforeAll(async () => {
    expect((await patch(owner, myr, { exchange_rate: 0.2 })).status).toBe(200);
    expect((await patch(owner, eur, { exchange_rate: 1.1 })).status).toBe(200);
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
    expect(header.slice(8, 12)).toEqual([
      'Confidence',
      'Exchange rate',
      'Rate source',
      'Amount in USD',
    ]);
    const byVendor = new Map(rows.map((row) => [row[1], row.slice(2, 4).concat(row.slice(9, 12))]));
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

  it('refuses a currency that is not an ISO 4217 code', async () => {
    for (const currency of ['ABC', 'myr', 'RM', '', null, 7]) {
      const response = await patch(owner, myr, { currency });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        'Currency must be an ISO 4217 code such as USD, EUR or MYR.',
      );
    }
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
