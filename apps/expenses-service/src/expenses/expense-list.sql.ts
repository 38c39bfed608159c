import { ExpenseLimits, type ListExpensesRequest } from '@snaptrack/contracts';
import { SqlParams, type BuiltQuery } from '../database/sql-params.js';
import { expenseWhere } from './expense-filter.js';
import { EXPENSE_COLUMNS } from './expense.mapper.js';

export const EXPENSE_ORDER = `e."expense_date" DESC, e."created_at" DESC, e."id" DESC`;

/**
 * The list's two statements: the filtered count, and one page that walks the index for ids
 * first and reads only the page's rows (a deep OFFSET then skips index entries, not rows).
 */
export function expenseListSql(
  userId: string,
  query: ListExpensesRequest,
): { count: BuiltQuery; page: BuiltQuery; pageNumber: number; pageSize: number } {
  const pageNumber = query.page ?? 1;
  const pageSize = query.limit ?? ExpenseLimits.defaultPageSize;
  const params = new SqlParams();
  const where = expenseWhere(userId, query, params);
  const count = {
    sql: `SELECT count(*)::int AS "total" FROM "expenses"."expenses" e WHERE ${where}`,
    params: [...params.values],
  };
  const limit = params.add(pageSize);
  const offset = params.add((pageNumber - 1) * pageSize);
  const page = {
    sql: `WITH page AS (
        SELECT e."id" FROM "expenses"."expenses" e WHERE ${where}
        ORDER BY ${EXPENSE_ORDER} LIMIT ${limit} OFFSET ${offset}
      )
      SELECT ${EXPENSE_COLUMNS} FROM page
      JOIN "expenses"."expenses" e ON e."id" = page."id"
      LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"
      ORDER BY ${EXPENSE_ORDER}`,
    params: params.values,
  };
  return { count, page, pageNumber, pageSize };
}
