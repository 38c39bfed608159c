import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusClient } from '@snaptrack/nest-rmq';
import { api, createTestAccount, stack, withDatabase, type TestAccount } from '@snaptrack/testing';
import { insertExpenses } from './support/expense-fixtures.js';

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
let account: TestAccount;
const today = new Date().toISOString().slice(0, 10);

const bus = new BusClient({
  url: process.env.SNAPTRACK_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  prefix: process.env.SNAPTRACK_RMQ_PREFIX ?? 'none',
  timeoutMs: 3_000,
});

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

/** The stored expense, in the API's types (there is no GET of one expense). */
async function expense(id: string) {
  const rows = await withDatabase(
    async (client) =>
      (
        await client.query<Record<string, unknown>>(
          `SELECT "status", "currency", "exchange_rate"::float8 AS "exchange_rate",
             "rate_currency", "rate_source", "rate_date"::text AS "rate_date"
           FROM "expenses"."expenses" WHERE "id" = $1`,
          [id],
        )
      ).rows,
  );
  return rows[0];
}
const setHome = (home_currency: string) =>
  api('/api/user/currency', { method: 'PUT', token: account.token, body: { home_currency } });

beforeAll(async () => {
  provider = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  await stack.restart('expenses', {
    EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/latest`,
    // Every call asks the provider again, so each test sees its mode.
    EXCHANGE_RATES_REFRESH_SECONDS: '0',
    EXCHANGE_RATES_TIMEOUT_MS: '500',
  });
  account = await createTestAccount('rates-source');
}, 90_000);

afterAll(async () => {
  await bus.close();
  await stack.restart('expenses');
  await new Promise((resolve) => provider.close(resolve));
}, 90_000);

describe('a configured rates source', () => {
  it('fills the rate of a foreign expense when the home currency is set, marked as its own', async () => {
    const [myr, usd] = await insertExpenses(account.id, [
      { vendor: 'Kedai', cents: 4900, date: today, entity: null, tags: [], currency: 'MYR' },
      { vendor: 'Diner', cents: 1000, date: today, entity: null, tags: [] },
    ]);
    expect((await setHome('USD')).status).toBe(200);
    expect(await expense(myr)).toMatchObject({
      exchange_rate: intoUsd('MYR'),
      rate_currency: 'USD',
      rate_source: 'provider',
      rate_date: '2026-11-20',
    });
    expect(await expense(usd)).toMatchObject({ exchange_rate: null, rate_source: null });
    const summary = await api('/api/expenses/summary?period=all&tz=UTC', { token: account.token });
    expect(summary.body.converted).toMatchObject({ currency: 'USD', total: 20.5 });
  });

  it('fills it when a receipt is read as foreign, and when its currency changes', async () => {
    const [read] = await insertExpenses(account.id, [
      { vendor: '', cents: 0, date: today, entity: null, tags: [], status: 'processing' },
    ]);
    const jobId = randomUUID();
    await withDatabase((client) =>
      client.query(`UPDATE "expenses"."expenses" SET "ocr_job_id" = $2 WHERE "id" = $1`, [
        read,
        jobId,
      ]),
    );
    await bus.emit('expenses', 'ocr.receipt.processed.v1', {
      ctx: { requestId: 'rates-test', messageId: randomUUID() },
      data: {
        job_id: jobId,
        expense_id: read,
        user_id: account.id,
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
    });
    const deadline = Date.now() + 10_000;
    let got = await expense(read);
    while (got.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      got = await expense(read);
    }
    expect(got).toMatchObject({ status: 'ready', currency: 'GBP', exchange_rate: intoUsd('GBP') });

    const changed = await api(`/api/expenses/${read}`, {
      method: 'PATCH',
      token: account.token,
      body: { currency: 'MYR' },
    });
    expect(changed.body.expense).toMatchObject({
      currency: 'MYR',
      exchange_rate: intoUsd('MYR'),
      rate_source: 'provider',
    });
  });

  it("never overwrites the user's own rate", async () => {
    const [id] = await insertExpenses(account.id, [
      { vendor: 'Stall', cents: 1000, date: today, entity: null, tags: [], currency: 'MYR' },
    ]);
    const own = await api(`/api/expenses/${id}`, {
      method: 'PATCH',
      token: account.token,
      body: { exchange_rate: 0.25 },
    });
    expect(own.body.expense).toMatchObject({ exchange_rate: 0.25, rate_source: 'user' });
    await setHome('USD');
    expect(await expense(id)).toMatchObject({ exchange_rate: 0.25, rate_source: 'user' });
  });

  it.each<Mode>(['garbage', 'negative', 'unknown-code', 'huge', 'slow', 'down'])(
    'gives no rate, and no error, when the source answers %s',
    async (misbehaviour) => {
      mode = misbehaviour;
      try {
        const [id] = await insertExpenses(account.id, [
          { vendor: 'Stall', cents: 500, date: today, entity: null, tags: [], currency: 'MYR' },
        ]);
        expect((await setHome('USD')).status).toBe(200);
        const edited = await api(`/api/expenses/${id}`, {
          method: 'PATCH',
          token: account.token,
          body: { vendor: 'Night market' },
        });
        expect(edited.status).toBe(200);
        expect(edited.body.expense).toMatchObject({ exchange_rate: null, rate_source: null });
      } finally {
        mode = 'good';
      }
    },
  );
});
