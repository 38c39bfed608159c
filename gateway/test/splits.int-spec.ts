import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { api, createTestAccount, stack, type TestAccount } from '@snaptrack/testing';
import { todayIn } from './support/brute-force.js';
import { insertExpenses } from './support/expense-fixtures.js';
import { download } from './support/export-oracle.js';

// Split receipts through the gateway (docs/api.md, Splits): the routes, their validation and
// ownership, and a split receipt's parts in the statistics and the CSV and QuickBooks exports.
// The rules of a split and the totals through every change are medium tests
// (apps/expenses-service/test/medium/splits.medium-spec.ts).

let owner: TestAccount;
let attacker: TestAccount;
let receipt: string;
let other: string;
const today = todayIn('UTC');

function readCsv(bytes: Buffer): string[][] {
  return parse(bytes, { bom: true, record_delimiter: ['\r\n'], relax_quotes: false });
}

const sixtyForty = {
  mode: 'percent',
  parts: [
    { percent: 60, entity: 'Northwind', tags: ['Office'], description: 'Printer' },
    { percent: 40, entity: 'Southwind', tags: ['Meals'] },
  ],
};

beforeAll(async () => {
  owner = await createTestAccount('splits');
  attacker = await createTestAccount('splits-attacker');
  for (const name of ['Northwind', 'Southwind']) {
    await api('/api/entities', { token: owner.token, body: { name } });
  }
  await api('/api/entities', { token: attacker.token, body: { name: 'Shell Co' } });
  [receipt, other] = await insertExpenses(owner.id, [
    { vendor: 'Split Supplies', cents: 10_000, date: today, entity: null, tags: [] },
    { vendor: 'Whole Tea', cents: 700, date: today, entity: 'Northwind', tags: [] },
  ]);
});

describe('PUT /api/expenses/{id}/split', () => {
  it('splits a receipt 60/40 and returns its parts', async () => {
    const { status, body } = await api(`/api/expenses/${receipt}/split`, {
      method: 'PUT',
      token: owner.token,
      body: sixtyForty,
    });
    expect(status).toBe(200);
    expect(body.expense.amount).toBe(100);
    expect(body.expense.split).toEqual({
      mode: 'percent',
      parts: [
        {
          position: 0,
          amount: 60,
          percent: 60,
          entity: 'Northwind',
          tags: ['Office'],
          description: 'Printer',
        },
        {
          position: 1,
          amount: 40,
          percent: 40,
          entity: 'Southwind',
          tags: ['Meals'],
          description: null,
        },
      ],
    });
  });

  it('refuses a split that does not add up, or is malformed, in plain words', async () => {
    const cases: [unknown, string][] = [
      [
        { mode: 'amount', parts: [{ amount: 4 }, { amount: 2 }] },
        "The parts add up to 6.00 USD, but the receipt's total is 7.00 USD. They must match to the cent.",
      ],
      [
        { mode: 'percent', parts: [{ percent: 60 }, { percent: 30 }] },
        'The percentages must add up to 100%.',
      ],
      [
        { mode: 'thirds', parts: [{ percent: 50 }, { percent: 50 }] },
        'Choose how to split: amount or percent.',
      ],
      [{ mode: 'percent', parts: [{ percent: 100 }] }, 'A split needs at least 2 parts.'],
      [{ mode: 'percent', parts: 'half' }, 'A split needs at least 2 parts.'],
      [
        { mode: 'percent', parts: Array.from({ length: 11 }, () => ({ percent: 1 })) },
        'A receipt can be split into at most 10 parts.',
      ],
      [
        { mode: 'amount', parts: [{ amount: 'lots' }, { amount: 50 }] },
        'Each part needs an amount above 0.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api(`/api/expenses/${other}/split`, {
        method: 'PUT',
        token: owner.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    const unchanged = await api(`/api/expenses/${other}`, { token: owner.token });
    expect(unchanged.body.expense.split).toBeNull();
  });

  it("gives an attacker the same 404 for another user's expense, and refuses their entity", async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await api(`/api/expenses/${receipt}/split`, {
        method,
        token: attacker.token,
        ...(method === 'PUT' ? { body: sixtyForty } : {}),
      });
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Expense not found.');
    }
    const notAnId = await api('/api/expenses/not-an-id/split', {
      method: 'PUT',
      token: attacker.token,
      body: sixtyForty,
    });
    expect(notAnId.status).toBe(404);
    const theirEntity = await api(`/api/expenses/${other}/split`, {
      method: 'PUT',
      token: owner.token,
      body: { mode: 'percent', parts: [{ percent: 50, entity: 'Shell Co' }, { percent: 50 }] },
    });
    expect(theirEntity.status).toBe(400);
    expect(theirEntity.body.error.message).toBe(
      "There is no entity named 'Shell Co'. Add it in Settings first.",
    );
    const mine = await api(`/api/expenses/${receipt}`, { token: owner.token });
    expect(mine.body.expense.split.parts.map((part: { entity: string }) => part.entity)).toEqual([
      'Northwind',
      'Southwind',
    ]);
  });
});

describe('a split receipt in statistics and exports', () => {
  it("adds each part to its entity's total, never the whole receipt to one", async () => {
    const { body } = await api('/api/statistics?period=all', { token: owner.token });
    const totals = Object.fromEntries(
      body.entities.map((entity: { entity: string; total: number }) => [
        entity.entity,
        entity.total,
      ]),
    );
    expect(totals).toEqual({ Northwind: 67, Southwind: 40 });
    const summary = await api('/api/expenses/summary?period=all', { token: owner.token });
    expect(summary.body.totals[0]).toMatchObject({ currency: 'USD', total: 107 });
  });

  it('writes a CSV row and a QuickBooks line per part, under its entity', async () => {
    const csv = readCsv(
      (await download(stack.baseUrl, '/api/export/csv', owner.token, { filters: {} })).bytes,
    );
    const split = csv.filter((row) => row[1] === 'Split Supplies');
    expect(split.map((row) => row.slice(2, 7))).toEqual([
      ['60.00', 'USD', 'Northwind', 'Office', 'Printer'],
      ['40.00', 'USD', 'Southwind', 'Meals', ''],
    ]);
    const southwind = readCsv(
      (
        await download(stack.baseUrl, '/api/export/csv', owner.token, {
          filters: { entities: ['Southwind'] },
        })
      ).bytes,
    ).slice(1);
    expect(southwind.map((row) => [row[1], row[2], row[4]])).toEqual([
      ['Split Supplies', '40.00', 'Southwind'],
    ]);
    const quickbooks = readCsv(
      (
        await download(stack.baseUrl, '/api/export/quickbooks', owner.token, {
          filters: {},
          quickbooksSettings: { customer: 'Client' },
        })
      ).bytes,
    ).slice(1);
    expect(quickbooks.map((row) => [row[7], row[10]])).toEqual([
      ['Split Supplies - Printer', '60.00'],
      ['Split Supplies', '40.00'],
      ['Whole Tea', '7.00'],
    ]);
  });
});

describe('DELETE /api/expenses/{id}/split', () => {
  it('makes the receipt whole again under its own entity', async () => {
    const { status, body } = await api(`/api/expenses/${receipt}/split`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(status).toBe(200);
    expect(body.expense.split).toBeNull();
    const statistics = await api('/api/statistics?period=all', { token: owner.token });
    const totals = Object.fromEntries(
      statistics.body.entities.map((entity: { entity: string; total: number }) => [
        entity.entity,
        entity.total,
      ]),
    );
    expect(totals).toEqual({ Unassigned: 100, Northwind: 7 });
  });
});
