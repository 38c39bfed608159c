import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OcrPatterns, type ProcessReceiptJob } from '@snaptrack/contracts';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';
import { expensesServices, messageContext, newAccount, outboxEvents } from './expenses-services.js';

// expenses-service with EXCHANGE_RATES_URL pointing at a local server that plays the rates
// provider (Frankfurter's `latest`), then misbehaves in every way a real or hostile one could.

const RATES = {
  amount: 1,
  base: 'EUR',
  date: '2026-11-20',
  rates: { USD: 1.05, MYR: 4.9, GBP: 0.83 },
};
/** What the service stores: into dollars by way of the euro, ten decimals. */
const intoUsd = (currency: 'MYR' | 'GBP') =>
  Number((RATES.rates.USD / RATES.rates[currency]).toFixed(10));

type Mode = 'good' | 'garbage' | 'negative' | 'unknown-code' | 'huge' | 'slow' | 'down';
let mode: Mode = 'good';
let provider: Server;
let db: MediumDatabase;
let services: ReturnType<typeof expensesServices>;
let userId: string;
const today = new Date().toISOString().slice(0, 10);

function answer(res: ServerResponse): void {
  const json = (body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const bodies: Partial<Record<Mode, unknown>> = {
    good: RATES,
    negative: { ...RATES, rates: { ...RATES.rates, MYR: -4.9 } },
    'unknown-code': { ...RATES, rates: { ...RATES.rates, 'MYR<script>': 4.9 } },
    // Valid JSON, far beyond any rates table: refused before it is all read.
    huge: { ...RATES, padding: 'x'.repeat(2_000_000) },
  };
  if (mode === 'garbage') res.writeHead(200).end('<html>not json');
  else if (mode === 'down') res.writeHead(503).end();
  else if (mode === 'slow') setTimeout(() => json(RATES), 3_000).unref();
  else json(bodies[mode]);
}

const setHome = (home_currency: string) => services.homeCurrency.set(userId, { home_currency });

function foreign(vendor: string, amount: number, currency = 'MYR') {
  return services.expenses.createExpense(userId, {
    vendor,
    amount,
    currency,
    expenseDate: today,
    extractionMethod: 'manual',
  });
}

beforeAll(async () => {
  provider = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  db = await createMediumDatabase();
  services = expensesServices(db.dataSource, {
    EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/latest`,
    // Every call asks the provider again, so each test sees its mode.
    EXCHANGE_RATES_REFRESH_SECONDS: 0,
    // Long enough for a loaded machine, shorter than the slow mode's answer.
    EXCHANGE_RATES_TIMEOUT_MS: 2_000,
  });
  userId = await newAccount(db.dataSource);
});

afterAll(async () => {
  await db?.drop();
  await new Promise((resolve) => provider?.close(resolve));
});

describe('a configured rates source', () => {
  it('fills the rate of a foreign expense when the home currency is set, marked as its own', async () => {
    const myr = await foreign('Kedai', 49);
    const usd = await foreign('Diner', 10, 'USD');
    await setHome('USD');
    expect(await services.expenses.get(userId, myr.id)).toMatchObject({
      exchange_rate: intoUsd('MYR'),
      rate_currency: 'USD',
      rate_source: 'provider',
      rate_date: '2026-11-20',
    });
    expect(await services.expenses.get(userId, usd.id)).toMatchObject({
      exchange_rate: null,
      rate_source: null,
    });
    const summary = await services.statistics.summary(userId, 'all', 'UTC');
    expect(summary.converted).toMatchObject({ currency: 'USD', total: 20.5 });
  });

  it('fills it when a receipt is read as foreign, and when its currency changes', async () => {
    const { expense } = await services.receipts.create(
      userId,
      {
        entity: 'Personal',
        storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
        content_type: 'image/jpeg',
        content_sha256: randomUUID(),
      },
      messageContext(),
    );
    const jobs = (await outboxEvents(db.dataSource, OcrPatterns.process)) as {
      data: ProcessReceiptJob;
    }[];
    const job = jobs.find((event) => event.data.expense_id === expense.id)!.data;
    await services.receipts.applyResult(
      {
        job_id: job.job_id,
        expense_id: expense.id,
        user_id: userId,
        status: 'ready',
        fields: {
          vendor: 'Tesco',
          amount: 8.3,
          currency: 'GBP',
          expense_date: today,
          confidence: 0.9,
        },
        raw_text: 'TESCO 8.30 GBP',
        error: null,
        method: 'tesseract',
      },
      randomUUID(),
    );
    expect(await services.expenses.get(userId, expense.id)).toMatchObject({
      status: 'ready',
      currency: 'GBP',
      exchange_rate: intoUsd('GBP'),
    });
    const changed = await services.expenses.update(userId, expense.id, { currency: 'MYR' });
    expect(changed).toMatchObject({
      currency: 'MYR',
      exchange_rate: intoUsd('MYR'),
      rate_source: 'provider',
    });
  });

  it("never overwrites the user's own rate", async () => {
    const stall = await foreign('Stall', 10);
    const own = await services.expenses.update(userId, stall.id, { exchange_rate: 0.25 });
    expect(own).toMatchObject({ exchange_rate: 0.25, rate_source: 'user' });
    await setHome('USD');
    expect(await services.expenses.get(userId, stall.id)).toMatchObject({
      exchange_rate: 0.25,
      rate_source: 'user',
    });
  });

  it.each<Mode>(['garbage', 'negative', 'unknown-code', 'huge', 'slow', 'down'])(
    'gives no rate, and no error, when the source answers %s',
    async (misbehaviour) => {
      mode = misbehaviour;
      try {
        const stall = await foreign('Stall', 5);
        await setHome('USD');
        const edited = await services.expenses.update(userId, stall.id, {
          vendor: 'Night market',
        });
        expect(edited).toMatchObject({
          vendor: 'Night market',
          exchange_rate: null,
          rate_source: null,
        });
      } finally {
        mode = 'good';
      }
    },
  );
});
