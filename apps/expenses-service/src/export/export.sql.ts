import type { ExportCursor, ExportFilters } from '@snaptrack/contracts';
import { SqlParams, type BuiltQuery } from '../database/sql-params.js';
import { expenseWhere } from '../expenses/expense-filter.js';
import { EXPENSES_WITH_ENTITY } from '../expenses/expense-row.js';

/** Exports hold finished expenses only: a receipt still being read has no numbers yet. */
function exportWhere(userId: string, filters: ExportFilters, params: SqlParams): string {
  return `${expenseWhere(userId, filters, params)} AND e."status" = 'ready'`;
}

/** `where`, narrowed to the rows strictly after the cursor in the export's order. */
function afterCursor(where: string, after: ExportCursor | undefined, params: SqlParams): string {
  if (!after) return where;
  const createdAt = `${params.add(after.created_at)}::timestamptz`;
  const id = `${params.add(after.id)}::uuid`;
  // Undated expenses come after every dated one (NULLS LAST, as the index read backwards).
  if (after.expense_date === null) {
    return `${where} AND e."expense_date" IS NULL AND (e."created_at", e."id") > (${createdAt}, ${id})`;
  }
  const date = `${params.add(after.expense_date)}::date`;
  return `${where} AND (e."expense_date" IS NULL
    OR (e."expense_date", e."created_at", e."id") > (${date}, ${createdAt}, ${id}))`;
}

/**
 * The export's order: the list index's own (read backwards), so a page is an index range scan;
 * undated expenses last.
 */
const EXPORT_ORDER = `ORDER BY e."expense_date", e."created_at", e."id"`;

/**
 * One page of an export, oldest first, strictly after the cursor. The order is the list
 * index's own (read backwards), so each page is an index range scan however deep the walk.
 */
export function exportPageSql(
  userId: string,
  filters: ExportFilters,
  after: ExportCursor | undefined,
  limit: number,
  withSource: boolean,
): BuiltQuery {
  const params = new SqlParams();
  const where = afterCursor(exportWhere(userId, filters, params), after, params);
  const source = withSource
    ? `, e."image_key", e."email_subject",
       CASE WHEN e."extraction_method" = 'text' THEN e."raw_ocr_text" END AS "email_text",
       e."expense_date" IS NULL AS "date_not_read",
       (e."field_evidence" -> 'currency' ->> 'flag' IS NOT DISTINCT FROM 'assumed'
         AND NOT 'currency' = ANY (e."edited_fields")) AS "currency_assumed"`
    : '';
  return {
    sql: `SELECT e."id", e."expense_date"::text AS "expense_date", e."vendor",
        e."amount"::text AS "amount", e."currency", n."name" AS "entity", e."tags", e."notes",
        e."extraction_method", e."ocr_confidence", e."created_at"::text AS "cursor_created_at"
        ${source}
      FROM ${EXPENSES_WITH_ENTITY}
      WHERE ${where}
      ${EXPORT_ORDER}
      LIMIT ${params.add(limit)}`,
    params: params.values,
  };
}

/**
 * The same page for a CSV export, for pg's array mode: the columns of an `ExportRow` in its
 * order, then the cursor columns (creation time, id), which the service reads off the last row
 * and drops.
 */
export function exportRowsSql(
  userId: string,
  filters: ExportFilters,
  after: ExportCursor | undefined,
  limit: number,
): BuiltQuery {
  const params = new SqlParams();
  const where = afterCursor(exportWhere(userId, filters, params), after, params);
  return {
    sql: `SELECT e."expense_date"::text, e."vendor", e."amount"::text, e."currency", n."name",
        e."tags", e."notes", e."extraction_method", e."ocr_confidence",
        e."exchange_rate"::text, e."rate_currency", e."rate_source", e."rate_date"::text,
        round(e."amount" * e."exchange_rate", 2)::text,
        e."created_at"::text, e."id"
      FROM ${EXPENSES_WITH_ENTITY}
      WHERE ${where}
      ${EXPORT_ORDER}
      LIMIT ${params.add(limit)}`,
    params: params.values,
  };
}

/**
 * Count and total of an export per entity and currency (the PDF's cover page), and per
 * currency ("currency_total", "currency_count", the same on each of a currency's rows): never
 * summed across currencies.
 */
export function exportTotalsSql(userId: string, filters: ExportFilters): BuiltQuery {
  const params = new SqlParams();
  const where = exportWhere(userId, filters, params);
  return {
    sql: `SELECT n."name" AS "entity", e."currency", count(*)::int AS "count",
        sum(e."amount")::text AS "total",
        sum(sum(e."amount")) OVER w::text AS "currency_total",
        sum(count(*)) OVER w::int AS "currency_count"
      FROM ${EXPENSES_WITH_ENTITY}
      WHERE ${where}
      GROUP BY n."name", e."currency"
      WINDOW w AS (PARTITION BY e."currency")
      ORDER BY e."currency", sum(e."amount") DESC, n."name"`,
    params: params.values,
  };
}
