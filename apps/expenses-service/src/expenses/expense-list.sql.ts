import type { ExpenseFilter } from './expense-filter.js';
import { SqlParams, type BuiltQuery } from '../database/sql-params.js';
import { expenseWhere } from './expense-filter.js';
import { EXPENSE_COLUMNS } from './expense-row.js';
import { hasSearch } from './expense-search.sql.js';

/**
 * Newest first; expenses without a date (being read, or not read) come before every dated one
 * (Postgres' NULLS FIRST of a descending order, as the list index stores them): they are the
 * ones waiting for the user. The oldest-first order is its exact reverse (NULLS LAST).
 */
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
  if (byDaysOnly(filter)) return pageFromDayCounts(userId, filter, window);
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

/** Filters the per-day counts can answer for: none, or a date range. */
function byDaysOnly(filter: ExpenseFilter): boolean {
  return (
    !filter.entities?.length &&
    !filter.tags?.length &&
    !filter.vendor?.trim() &&
    !filter.status &&
    !filter.review &&
    !hasSearch(filter)
  );
}

/**
 * A page of an unfiltered (or date-range) list: the per-day counts (migration DailyCounts) say
 * on which day the page starts and how many of that day's rows come before it, so the index
 * walk starts at that day and skips fewer rows than a day holds. The undated expenses have
 * their count under a NULL day (migration UndatedExpenses), first in the order; a date range
 * leaves them out. A page that starts among them is read from the top of the list.
 */
function pageFromDayCounts(userId: string, filter: ExpenseFilter, window: PageWindow): BuiltQuery {
  const params = new SqlParams();
  const where = expenseWhere(userId, filter, params);
  const days = [`d."user_id" = $1`, `d."count" > 0`];
  if (filter.start_date) days.push(`d."expense_date" >= ${params.add(filter.start_date)}::date`);
  if (filter.end_date) days.push(`d."expense_date" <= ${params.add(filter.end_date)}::date`);
  const offset = params.add(window.offset);
  const limit = params.add(window.limit);
  return {
    sql: `WITH days AS (
        SELECT d."expense_date", d."count",
          sum(d."count") OVER (ORDER BY d."expense_date" DESC) AS "through"
        FROM "expenses"."daily_counts" d WHERE ${days.join(' AND ')}
      ),
      first_day AS (
        SELECT "expense_date", "through" - "count" AS "before" FROM days
        WHERE "through" > ${offset}::bigint ORDER BY "expense_date" DESC LIMIT 1
      ),
      page AS (
        (SELECT e."id" FROM "expenses"."expenses" e
        WHERE ${where} AND e."expense_date" <= (SELECT "expense_date" FROM first_day)
        ORDER BY ${NEWEST_FIRST} LIMIT ${limit}
        OFFSET (SELECT ${offset}::bigint - "before" FROM first_day))
        UNION ALL
        (SELECT e."id" FROM "expenses"."expenses" e
        WHERE ${where} AND EXISTS (SELECT 1 FROM first_day WHERE "expense_date" IS NULL)
        ORDER BY ${NEWEST_FIRST} LIMIT ${limit} OFFSET ${offset}::bigint)
      )
      SELECT ${EXPENSE_COLUMNS} FROM page
      JOIN "expenses"."expenses" e ON e."id" = page."id"
      LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"
      ORDER BY ${NEWEST_FIRST}`,
    params: params.values,
  };
}
