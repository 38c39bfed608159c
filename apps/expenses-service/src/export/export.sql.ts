import type { ExportCursor, ExportFilters } from '@snaptrack/contracts';
import { SqlParams, type BuiltQuery } from '../database/sql-params.js';
import { expenseWhere } from '../expenses/expense-filter.js';
import { EXPENSE_LINES_WITH_ENTITY, EXPENSES_WITH_ENTITY } from '../expenses/expense-row.js';

/**
 * Exports hold finished expenses only: a receipt still being read has no numbers yet. With
 * `lines`, the entity and tag filters pick the lines (a split expense's parts) they match.
 */
function exportWhere(
  userId: string,
  filters: ExportFilters,
  params: SqlParams,
  lines?: string,
): string {
  return `${expenseWhere(userId, filters, params, lines)} AND e."status" = 'ready'`;
}

/**
 * `where`, narrowed to the rows strictly after the cursor in the export's order; over lines,
 * after its part too (a cursor without one is past the whole expense).
 */
function afterCursor(
  where: string,
  after: ExportCursor | undefined,
  params: SqlParams,
  lines = false,
): string {
  if (!after) return where;
  const part = lines ? `, l."position"` : '';
  const afterPart = lines ? `, ${params.add(after.part ?? PAST_EVERY_PART)}::smallint` : '';
  const createdAt = `${params.add(after.created_at)}::timestamptz`;
  const id = `${params.add(after.id)}::uuid`;
  // Undated expenses come after every dated one (NULLS LAST, as the index read backwards).
  if (after.expense_date === null) {
    return `${where} AND e."expense_date" IS NULL
      AND (e."created_at", e."id"${part}) > (${createdAt}, ${id}${afterPart})`;
  }
  const date = `${params.add(after.expense_date)}::date`;
  return `${where} AND (e."expense_date" IS NULL
    OR (e."expense_date", e."created_at", e."id"${part}) > (${date}, ${createdAt}, ${id}${afterPart}))`;
}

const PAST_EVERY_PART = 32767;

/**
 * The export's order: the list index's own (read backwards), so a page is an index range scan;
 * undated expenses last.
 */
const EXPORT_ORDER = `ORDER BY e."expense_date", e."created_at", e."id"`;
/** The same over lines: a split expense's parts in their order. */
const LINES_ORDER = `${EXPORT_ORDER}, l."position"`;

/**
 * The currency is the home currency assumed by the reading (nothing on the receipt named one)
 * and the user has not set it: every export marks it (its CSV column, its description).
 */
const CURRENCY_ASSUMED = `(e."field_evidence" -> 'currency' ->> 'flag' IS NOT DISTINCT FROM 'assumed'
         AND NOT 'currency' = ANY (e."edited_fields"))`;

/**
 * One page of an export, oldest first, strictly after the cursor. The order is the list
 * index's own (read backwards), so each page is an index range scan however deep the walk.
 * With `lines`, an item per line (a split expense's parts, each under its entity) with the
 * part in the cursor.
 */
export function exportPageSql(
  userId: string,
  filters: ExportFilters,
  after: ExportCursor | undefined,
  limit: number,
  withSource: boolean,
  lines = false,
): BuiltQuery {
  const params = new SqlParams();
  const where = afterCursor(
    exportWhere(userId, filters, params, lines ? 'l' : undefined),
    after,
    params,
    lines,
  );
  const source = withSource
    ? `, e."image_key", e."email_subject",
       CASE WHEN e."extraction_method" = 'text' THEN e."raw_ocr_text" END AS "email_text",
       e."expense_date" IS NULL AS "date_not_read"`
    : '';
  const row = lines ? 'l' : 'e';
  return {
    sql: `SELECT e."id", e."expense_date"::text AS "expense_date", e."vendor",
        ${row}."amount"::text AS "amount", e."currency", n."name" AS "entity", ${row}."tags",
        ${row}."notes", e."extraction_method", e."ocr_confidence",
        ${row}."tax_amount"::text AS "tax_amount", ${CURRENCY_ASSUMED} AS "currency_assumed",
        e."created_at"::text AS "cursor_created_at"
        ${lines ? `, l."position" AS "cursor_part"` : ''}
        ${source}
      FROM ${lines ? EXPENSE_LINES_WITH_ENTITY : EXPENSES_WITH_ENTITY}
      WHERE ${where}
      ${lines ? LINES_ORDER : EXPORT_ORDER}
      LIMIT ${params.add(limit)}`,
    params: params.values,
  };
}

/**
 * The same page for a CSV export, for pg's array mode, a row per line (each part of a split
 * expense under its own entity, tags and description): the columns of an `ExportRow` in its
 * order, then the cursor columns (creation time, id, part), which the service reads off the
 * last row and drops.
 */
export function exportRowsSql(
  userId: string,
  filters: ExportFilters,
  after: ExportCursor | undefined,
  limit: number,
): BuiltQuery {
  const params = new SqlParams();
  const where = afterCursor(exportWhere(userId, filters, params, 'l'), after, params, true);
  return {
    sql: `SELECT e."expense_date"::text, e."vendor", l."amount"::text, e."currency", n."name",
        l."tags", l."notes", e."extraction_method", e."ocr_confidence",
        e."exchange_rate"::text, e."rate_currency", e."rate_source", e."rate_date"::text,
        round(l."amount" * e."exchange_rate", 2)::text,
        l."tax_amount"::text, e."tax_lines", ${CURRENCY_ASSUMED},
        e."created_at"::text, e."id", l."position"
      FROM ${EXPENSE_LINES_WITH_ENTITY}
      WHERE ${where}
      ${LINES_ORDER}
      LIMIT ${params.add(limit)}`,
    params: params.values,
  };
}

/**
 * Count and total of an export per entity and currency (the PDF's cover page), and per
 * currency ("currency_total", "currency_count", the same on each of a currency's rows): never
 * summed across currencies. Over lines: a split expense's parts count under their entities.
 */
export function exportTotalsSql(userId: string, filters: ExportFilters): BuiltQuery {
  const params = new SqlParams();
  const where = exportWhere(userId, filters, params, 'l');
  return {
    sql: `SELECT n."name" AS "entity", e."currency", count(*)::int AS "count",
        sum(l."amount")::text AS "total",
        sum(sum(l."amount")) OVER w::text AS "currency_total",
        sum(count(*)) OVER w::int AS "currency_count"
      FROM ${EXPENSE_LINES_WITH_ENTITY}
      WHERE ${where}
      GROUP BY n."name", e."currency"
      WINDOW w AS (PARTITION BY e."currency")
      ORDER BY e."currency", sum(l."amount") DESC, n."name"`,
    params: params.values,
  };
}
