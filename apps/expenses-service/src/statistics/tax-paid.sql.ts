import { SqlParams, type BuiltQuery } from '../database/sql-params.js';
import { EXPENSE_LINES_WITH_ENTITY } from '../expenses/expense-row.js';
import type { DateRange } from './periods.js';

/**
 * "Tax paid" on the statistics page: the tax of a user's ready expenses in a date range, per
 * entity and currency (in the currency paid: a VAT return reclaims what was paid, not a
 * conversion), largest first; each part of a split receipt counts its share under its entity.
 * Expenses whose tax is unknown (NULL) are not counted. Summed from the expenses themselves,
 * not the running totals: only the few rows with a tax weigh.
 */
export function taxPaidSql(userId: string, range: DateRange): BuiltQuery {
  const params = new SqlParams();
  const clauses = [
    `e."user_id" = ${params.add(userId)}`,
    `e."status" = 'ready'`,
    `l."tax_amount" IS NOT NULL`,
    // Undated expenses are in no period, as in the other figures.
    `e."expense_date" IS NOT NULL`,
  ];
  if (range.start) clauses.push(`e."expense_date" >= ${params.add(range.start)}::date`);
  if (range.end) clauses.push(`e."expense_date" <= ${params.add(range.end)}::date`);
  return {
    sql: `SELECT coalesce(n."name", 'Unassigned') AS "entity", e."currency",
        sum(l."tax_amount")::text AS "tax", count(*)::int AS "count"
      FROM ${EXPENSE_LINES_WITH_ENTITY}
      WHERE ${clauses.join(' AND ')}
      GROUP BY 1, 2
      ORDER BY 2, sum(l."tax_amount") DESC, lower(coalesce(n."name", 'Unassigned'))`,
    params: params.values,
  };
}
