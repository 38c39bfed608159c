import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { insertNames } from '../../apps/expenses-service/src/database/insert-names.js';
import {
  EXPENSES_TABLE,
  type ExpenseTableRow,
} from '../../apps/expenses-service/src/expenses/expense-row.js';

/*
 * The one way a full-stack or browser test writes expense rows: columns named and typed as in
 * expenses-service's `expense-row.ts`, so a renamed column is a type error here and in the
 * tests that set it, and a new column with a default needs nothing.
 */

/**
 * An expense as a test seeds it: any column of the table (the table's default where left
 * out), and `entity` to name one of the user's entities instead of giving `entity_id` (null:
 * Unassigned).
 */
export type SeedExpense = Partial<Omit<ExpenseTableRow, 'user_id'>> & { entity?: string | null };

/** What Postgres allows in one statement is 65,535 parameters. */
const MAX_PARAMETERS = 60_000;

/**
 * Inserts the user's expenses and returns their ids in order. A row is a ready expense typed
 * in by hand, dated today (UTC), unless it says otherwise; its tags are filed in the user's
 * catalogue, as every write of the service does. Rows without `created_at` are created a
 * millisecond apart in their order, the last one now, as if typed in one after another (the
 * list breaks ties of a date by it). An unknown entity name is an error.
 */
export async function seedExpenses(
  client: pg.ClientBase,
  userId: string,
  rows: readonly SeedExpense[],
): Promise<string[]> {
  const entityIds = await entitiesByName(client, userId, rows);
  // Filed in the user's catalogue with the service's own insert.
  await insertNames(client, 'tags', userId, [...new Set(rows.flatMap((row) => row.tags ?? []))]);
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const written = rows.map(({ entity, ...columns }, index): Partial<ExpenseTableRow> => ({
    id: randomUUID(),
    user_id: userId,
    expense_date: today,
    status: 'ready',
    extraction_method: 'manual',
    created_at: new Date(now - (rows.length - 1 - index)),
    ...(entity === undefined ? {} : { entity_id: entity === null ? null : entityIds.get(entity) }),
    ...columns,
  }));
  const columns = [
    ...new Set(written.flatMap((row) => Object.keys(row))),
  ] as (keyof ExpenseTableRow)[];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let start = 0; start < written.length; start += perStatement) {
    await insertRows(client, columns, written.slice(start, start + perStatement));
  }
  return written.map((row) => row.id!);
}

async function insertRows(
  client: pg.ClientBase,
  columns: (keyof ExpenseTableRow)[],
  rows: Partial<ExpenseTableRow>[],
): Promise<void> {
  const values: unknown[] = [];
  // A column another row sets but this one does not takes the table's default.
  const tuples = rows.map(
    (row) =>
      `(${columns
        .map((column) => (row[column] === undefined ? 'DEFAULT' : `$${values.push(row[column])}`))
        .join(', ')})`,
  );
  await client.query(
    `INSERT INTO ${EXPENSES_TABLE} (${columns.map((column) => `"${column}"`).join(', ')})
     VALUES ${tuples.join(', ')}`,
    values,
  );
}

async function entitiesByName(
  client: pg.ClientBase,
  userId: string,
  rows: readonly SeedExpense[],
): Promise<Map<string, string>> {
  const names = [...new Set(rows.flatMap((row) => (row.entity ? [row.entity] : [])))];
  if (names.length === 0) return new Map();
  const { rows: found } = await client.query<{ id: string; name: string }>(
    `SELECT "id", "name" FROM "expenses"."entities" WHERE "user_id" = $1 AND "name" = ANY($2)`,
    [userId, names],
  );
  const ids = new Map(found.map((entity) => [entity.name, entity.id]));
  const missing = names.filter((name) => !ids.has(name));
  if (missing.length > 0) {
    throw new Error(`seedExpenses: the user has no entity ${missing.join(', ')}: create it first`);
  }
  return ids;
}
