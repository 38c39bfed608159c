import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusError } from '@snaptrack/nest-rmq';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';
import { expensesServices, newAccount } from './expenses-services.js';

// A USD account with a USD, a MYR and a EUR expense: the summary and the statistics keep the
// currencies apart and convert only where rates allow; the rules of a rate on an expense. The
// exports of the same (export-service) and the request validation are the full stack's
// (gateway/test/currency.int-spec.ts).

let db: MediumDatabase;
let services: ReturnType<typeof expensesServices>;
let owner: string;
let myr: string;
let eur: string;
const today = new Date().toISOString().slice(0, 10);

const summary = () => services.statistics.summary(owner, 'all', 'UTC');
const statistics = () => services.statistics.statistics(owner, 'all', 'UTC');

beforeAll(async () => {
  db = await createMediumDatabase();
  services = expensesServices(db.dataSource);
  owner = await newAccount(db.dataSource);
  const add = async (vendor: string, amount: string, currency: string, entity: string | null) =>
    (
      await services.expenses.createExpense(owner, {
        vendor,
        amount,
        currency,
        entity,
        tags: entity ? ['Meals'] : [],
        expenseDate: today,
        extractionMethod: 'image',
      })
    ).id;
  await add('Diner', '100.00', 'USD', 'Personal');
  myr = await add('Kedai Kopi', '45.10', 'MYR', 'Personal');
  eur = await add('Bäckerei', '20.00', 'EUR', null);
});

afterAll(async () => {
  await db?.drop();
});

describe('totals per currency', () => {
  it('never adds MYR or EUR into the dollar total', async () => {
    expect(await summary()).toMatchObject({
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
    const body = await statistics();
    expect(body.totals.map((total) => total.currency)).toEqual(['USD', 'EUR', 'MYR']);
    expect(body.unconverted_count).toBe(2);
    expect(body.converted).toBeNull();
    expect(body.entities).toEqual([
      expect.objectContaining({ entity: 'Personal', total: 100, count: 2, share: 1 }),
      expect.objectContaining({ entity: 'Unassigned', total: 0, count: 1, share: 0 }),
    ]);
    expect(body.top_tags).toEqual([{ tag: 'Meals', count: 2, total: 100 }]);
    expect(body.series.points.reduce((sum, point) => sum + point.total, 0)).toBe(100);
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
    expect(await services.expenses.update(owner, myr, { exchange_rate: 0.2 })).toMatchObject({
      currency: 'MYR',
      exchange_rate: 0.2,
      rate_currency: 'USD',
      rate_source: 'user',
      rate_date: null,
    });
    // One foreign expense still without a rate: no converted total yet.
    expect(await summary()).toMatchObject({ converted: null, unconverted_count: 1 });
    await services.expenses.update(owner, eur, { exchange_rate: 1.1 });
    const body = await summary();
    expect(body.totals).toHaveLength(3);
    expect(body.converted).toEqual({ currency: 'USD', total: 131.02, count: 3, average: 43.67 });
    expect(body.unconverted_count).toBe(0);
    const stats = await statistics();
    expect(stats.converted).toEqual(body.converted);
    expect(stats.by_currency).toEqual([]);
    expect(stats.entities).toEqual([
      expect.objectContaining({ entity: 'Personal', total: 109.02, count: 2, share: 0.8321 }),
      expect.objectContaining({ entity: 'Unassigned', total: 22, count: 1, share: 0.1679 }),
    ]);
    expect(stats.top_vendors).toEqual([
      { vendor: 'Diner', count: 1, total: 100 },
      { vendor: 'Bäckerei', count: 1, total: 22 },
      { vendor: 'Kedai Kopi', count: 1, total: 9.02 },
    ]);
  });

  it('does not read a rate into dollars as one into euros when the home currency changes', async () => {
    await services.homeCurrency.set(owner, { home_currency: 'EUR' });
    const body = await summary();
    expect(body.home_currency).toBe('EUR');
    expect(body.totals.map((total) => total.currency)).toEqual(['EUR', 'MYR', 'USD']);
    expect(body.converted).toBeNull();
    expect(body.unconverted_count).toBe(2);
    // A rate into the home currency is refused on an expense in it.
    const refused = await services.expenses
      .update(owner, eur, { exchange_rate: 1 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusError);
    expect((refused as BusError).message).toBe(
      'An exchange rate is only for an expense in another currency than your home currency.',
    );
    await services.homeCurrency.set(owner, { home_currency: 'USD' });
    expect((await summary()).converted).toMatchObject({ total: 131.02 });
  });
});

describe('exchange rates on expenses', () => {
  it('takes the largest and the most precise rate there is', async () => {
    const large = await services.expenses.update(owner, myr, { exchange_rate: 1_000_000 });
    expect(large.exchange_rate).toBe(1_000_000);
    const fine = await services.expenses.update(owner, myr, { exchange_rate: 0.0000000001 });
    expect(fine.exchange_rate).toBe(0.0000000001);
    await services.expenses.update(owner, myr, { exchange_rate: 0.2 });
  });

  it('drops the rate when the currency changes without a new one', async () => {
    expect(await services.expenses.update(owner, eur, { currency: 'GBP' })).toMatchObject({
      currency: 'GBP',
      exchange_rate: null,
      rate_currency: null,
    });
    const both = await services.expenses.update(owner, eur, {
      currency: 'EUR',
      exchange_rate: 1.1,
    });
    expect(both).toMatchObject({ currency: 'EUR', exchange_rate: 1.1 });
    expect((await summary()).converted).toMatchObject({ total: 131.02 });
  });
});
