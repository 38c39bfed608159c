import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { seedExpenses } from '@snaptrack/testing';
import { insertNames } from '../../src/database/insert-names.js';
import { toExpense } from '../../src/expenses/expense-row.js';
import { ExpensesRepository } from '../../src/expenses/expenses.repository.js';
import { createMediumDatabase, type MediumDatabase } from './medium-database.js';

// The tests' one way to write expense rows (tools/testing/expense-rows.ts), against the real
// table: what a row gets when a test leaves a column out, and that the service reads it back.

let db: MediumDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createMediumDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const read = async (userId: string, id: string) =>
  toExpense((await ExpensesRepository.get(db.dataSource, userId, id))!);

describe('seedExpenses', () => {
  it('writes a ready expense typed in by hand today when a test leaves everything out', async () => {
    const userId = randomUUID();
    const [id] = await seedExpenses(client, userId, [{}]);
    expect(await read(userId, id)).toMatchObject({
      vendor: '',
      amount: 0,
      currency: 'USD',
      expense_date: new Date().toISOString().slice(0, 10),
      status: 'ready',
      extraction_method: 'manual',
      entity: null,
      tags: [],
      tax_amount: null,
      field_evidence: null,
    });
  });

  it('writes the columns given, the entity by name, and files the tags in the catalogue', async () => {
    const userId = randomUUID();
    await insertNames(db.dataSource.manager, 'entities', userId, ['Harbor Studio']);
    await insertNames(db.dataSource.manager, 'tags', userId, ['Meals']);
    const [id] = await seedExpenses(client, userId, [
      {
        vendor: 'Markthalle',
        amount: '35.55',
        currency: 'EUR',
        expense_date: null,
        entity: 'Harbor Studio',
        tags: ['meals', 'Travel'],
        extraction_method: 'image',
        ocr_confidence: 0.9,
        tax_amount: '4.61',
        tax_lines: JSON.stringify([{ rate: 19, tax: 4.61, net: 24.26, gross: 28.87 }]),
        field_evidence: JSON.stringify({
          expense_date: { confidence: 0, box: null, flag: 'not_read' },
        }),
      },
    ]);
    expect(await read(userId, id)).toMatchObject({
      vendor: 'Markthalle',
      amount: 35.55,
      currency: 'EUR',
      expense_date: null,
      entity: 'Harbor Studio',
      tags: ['meals', 'Travel'],
      tax_amount: 4.61,
      tax_lines: [{ rate: 19, tax: 4.61, net: 24.26, gross: 28.87 }],
      field_evidence: { expense_date: { confidence: 0, box: null, flag: 'not_read' } },
    });
    const { rows } = await client.query<{ name: string }>(
      `SELECT "name" FROM "expenses"."tags" WHERE "user_id" = $1 ORDER BY "name"`,
      [userId],
    );
    // 'meals' is the catalogue's 'Meals' (names are unique ignoring case).
    expect(rows.map((row) => row.name)).toEqual(['Meals', 'Travel']);
  });

  it('creates rows one after another in their order, unless a test gives created_at', async () => {
    const userId = randomUUID();
    const ids = await seedExpenses(client, userId, [{ vendor: 'a' }, { vendor: 'b' }, {}]);
    const shared = new Date('2026-03-01T12:00:00Z');
    const tied = await seedExpenses(client, userId, [
      { created_at: shared },
      { created_at: shared },
    ]);
    const { rows } = await client.query<{ id: string; created_at: Date }>(
      `SELECT "id", "created_at" FROM "expenses"."expenses" WHERE "user_id" = $1
       ORDER BY "created_at", "id"`,
      [userId],
    );
    expect(rows.slice(2).map((row) => row.id)).toEqual(ids);
    expect(rows.slice(0, 2).map((row) => row.created_at)).toEqual([shared, shared]);
    expect(rows.slice(0, 2).map((row) => row.id)).toEqual([...tied].sort());
  });

  it('writes more rows than one statement takes', async () => {
    const userId = randomUUID();
    const rows = Array.from({ length: 7_000 }, (_, index) => ({
      vendor: `Bulk ${index}`,
      amount: '1.05',
      tags: ['Bulk'],
      status: 'ready' as const,
      extraction_method: 'manual' as const,
      ocr_confidence: null,
    }));
    const ids = await seedExpenses(client, userId, rows);
    expect(new Set(ids).size).toBe(7_000);
    expect(await ExpensesRepository.countOf(db.dataSource, userId)).toBe(7_000);
  });

  it('refuses an entity the user does not have, and writes nothing', async () => {
    const userId = randomUUID();
    await expect(seedExpenses(client, userId, [{ entity: 'Nowhere Ltd' }])).rejects.toThrow(
      'seedExpenses: the user has no entity Nowhere Ltd: create it first',
    );
    expect(await ExpensesRepository.countOf(db.dataSource, userId)).toBe(0);
  });
});
