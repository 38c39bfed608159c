import type { ExpenseFilter } from './expense-filter.js';
import { SqlParams, type BuiltQuery } from '../database/sql-params.js';
import { expenseWhere } from './expense-filter.js';
import { EXPENSE_COLUMNS } from './expense.mapper.js';

const NEWEST_FIRST = `e."expense_date" DESC, e."created_at" DESC, e."id" DESC`;
const OLDEST_FIRST = `e."expense_date" ASC, e."created_at" ASC, e."id" ASC`;

export function expenseCountSql(userId: string, filter: ExpenseFilter): BuiltQuery {
  const params = new SqlParams();
  const where = expenseWhere(userId, filter, params);
  if (params.values.length === 1) {
    // No filter: the count the version trigger keeps (migration ListIndexes), not a scan.
    return {
      sql: `SELECT coalesce((SELECT "expense_count" FROM "expenses"."user_versions"
        WHERE "user_id" = $1), 0)::int AS "total"`,
      params: params.values,
    };
  }
  return {
    sql: `SELECT count(*)::int AS "total" FROM "expenses"."expenses" e WHERE ${where}`,
    params: params.values,
  };
}

export interface PageWindow {
  /** How many rows of the newest-first order come before the page. */
  offset: number;
  limit: number;
  /** The total the filter matches: pages past the middle are read from the oldest end. */
  total: number;
}

/**
 * One page, newest first. It walks the index for ids and reads only the page's rows; a page
 * in the older half is read backwards from the oldest end, so no page skips more than half of
 * the user's rows. The order ends in the id, so both directions agree exactly.
 */
export function expensePageSql(
  userId: string,
  filter: ExpenseFilter,
  window: PageWindow,
): BuiltQuery {
  const params = new SqlParams();
  const where = expenseWhere(userId, filter, params);
  const reversed = window.offset > window.total / 2;
  const offset = reversed
    ? Math.max(0, window.total - window.offset - window.limit)
    : window.offset;
  const limit = reversed ? Math.min(window.limit, window.total - window.offset) : window.limit;
  const order = reversed ? OLDEST_FIRST : NEWEST_FIRST;
  return {
    sql: `WITH page AS (
        SELECT e."id" FROM "expenses"."expenses" e WHERE ${where}
        ORDER BY ${order} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}
      )
      SELECT ${EXPENSE_COLUMNS} FROM page
      JOIN "expenses"."expenses" e ON e."id" = page."id"
      LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"
      ORDER BY ${NEWEST_FIRST}`,
    params: params.values,
  };
}
