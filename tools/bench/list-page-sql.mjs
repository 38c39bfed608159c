// What expenses-service runs for one page of the expense list, from its built SQL builders
// (apps/expenses-service/src/expenses/expense-list.sql.ts): the filter's count, then the page
// unless it lies past the end. For the benches that time the SQL alone.
import path from 'node:path';
import { ROOT } from '../lib/stack.mjs';

const { expenseCountSql, expensePageSql } = await import(
  path.join(ROOT, 'apps/expenses-service/dist/expenses/expense-list.sql.js')
);

/**
 * Runs the count and the page of `query` for `userId` through `run(step, sql, params)` (step is
 * 'count' or 'page'; it returns node-pg's result). Returns the page's result, or null when the
 * page lies past the last expense.
 */
export async function countThenPage(userId, query, run) {
  const count = expenseCountSql(userId, query);
  const { rows } = await run('count', count.sql, count.params);
  const offset = (query.page - 1) * query.limit;
  if (offset >= rows[0].total) return null;
  const page = expensePageSql(userId, query, { offset, limit: query.limit, total: rows[0].total });
  return run('page', page.sql, page.params);
}
