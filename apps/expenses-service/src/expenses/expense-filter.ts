import {
  REVIEW_CONFIDENCE_THRESHOLD,
  UNASSIGNED_ENTITY,
  type ExpenseStatus,
  type ReviewFilter,
} from '@snaptrack/contracts';
import type { SqlParams } from '../database/sql-params.js';
import { EXPENSE_PARTS_TABLE } from './expense-row.js';
import { searchClauses, type ResolvedSearchFilters } from './expense-search.sql.js';

export interface ExpenseFilter extends ResolvedSearchFilters {
  start_date?: string;
  end_date?: string;
  entities?: string[];
  tags?: string[];
  vendor?: string;
  status?: ExpenseStatus;
  review?: ReviewFilter;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from user text. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE clause of the list (and of exports) over `"expenses" e`, always starting with the
 * user: nothing of another account can match. The entity and tag filters ask about lines: a
 * split expense is in an entity (or has a tag) when one of its parts is (docs/api.md, Splits).
 * With `lines` (the alias of EXPENSE_LINES beside `e`), they ask about that line alone, so an
 * export of one entity holds only its parts; without, about any line of the expense.
 */
export function expenseWhere(
  userId: string,
  filter: ExpenseFilter,
  params: SqlParams,
  lines?: string,
): string {
  const user = params.add(userId);
  const clauses = [`e."user_id" = ${user}`];
  if (filter.start_date) clauses.push(`e."expense_date" >= ${params.add(filter.start_date)}`);
  if (filter.end_date) clauses.push(`e."expense_date" <= ${params.add(filter.end_date)}`);
  if (filter.entities?.length) {
    const names = filter.entities.map((name) => name.trim().toLowerCase());
    const named = names.filter((name) => name !== UNASSIGNED_ENTITY.toLowerCase());
    // ARRAY(…) runs once, so the planner sees "entity_id = ANY(ids)" and can use the index.
    const ids = named.length
      ? `ARRAY(SELECT "id" FROM "expenses"."entities"
          WHERE "user_id" = ${user} AND lower("name") = ANY(${params.add(named)}::text[]))`
      : null;
    const unassigned = named.length < names.length;
    clauses.push(
      lineMatch(user, lines, (row) => {
        const anyOf: string[] = [];
        if (ids) anyOf.push(`${row}."entity_id" = ANY(${ids})`);
        if (unassigned) anyOf.push(`${row}."entity_id" IS NULL`);
        return `(${anyOf.join(' OR ')})`;
      }),
    );
  }
  if (filter.tags?.length) {
    // Expenses carry tags in the catalogue's spelling (every write goes through ensureTags), so
    // the filter asks for the catalogue's spellings of the given tags, plus the tags as given,
    // and the array overlap needs no per-element work.
    const asked = params.add(filter.tags);
    const spellings = `(ARRAY(SELECT "name" FROM "expenses"."tags" WHERE "user_id" = ${user}
        AND lower("name") = ANY(SELECT lower(t) FROM unnest(${asked}::text[]) AS t)) || ${asked}::text[])`;
    clauses.push(lineMatch(user, lines, (row) => `${row}."tags" && ${spellings}`));
  }
  if (filter.vendor?.trim()) {
    clauses.push(`e."vendor" ILIKE ${params.add(likeContains(filter.vendor.trim()))}`);
  }
  if (filter.status) clauses.push(`e."status" = ${params.add(filter.status)}`);
  if (filter.review === 'needed') clauses.push(needsReview(params));
  clauses.push(...searchClauses(user, filter, params));
  return clauses.join(' AND ');
}

/**
 * A condition on an expense's lines: on the line `lines` when given; else an expense without
 * parts by its own columns, or one with a part that matches (the parts' ids read once).
 */
function lineMatch(user: string, lines: string | undefined, match: (row: string) => string) {
  if (lines) return match(lines);
  const parts = EXPENSE_PARTS_TABLE;
  return `((${match('e')} AND NOT EXISTS (SELECT 1 FROM ${parts} q WHERE q."expense_id" = e."id"))
    OR e."id" = ANY(ARRAY(SELECT p."expense_id" FROM ${parts} p
      WHERE p."user_id" = ${user} AND ${match('p')})))`;
}

/**
 * What the review queue holds: nobody confirmed it yet, and it failed, is still being read, is
 * a flagged duplicate, or a field was read with a confidence below the threshold, or was not
 * read or assumed (its flag), and not set by hand since. Tax lines read against the total with
 * a confidence below it count too (they contradict the total); a tax not read does not. The
 * currency's confidence is for the highlight; only its flag (an assumed home currency) counts. A row read before per-field
 * evidence existed counts by its overall confidence.
 */
function needsReview(params: SqlParams): string {
  const threshold = params.add(REVIEW_CONFIDENCE_THRESHOLD);
  return `(e."reviewed_at" IS NULL AND (
    e."status" <> 'ready' OR e."duplicate_of" IS NOT NULL
    OR EXISTS (SELECT 1 FROM jsonb_each(e."field_evidence") f
      WHERE NOT f.key = ANY(e."edited_fields") AND (
        (f.key IN ('vendor', 'amount', 'expense_date', 'tax_amount')
          AND (f.value->>'confidence')::float8 < ${threshold}::float8)
        OR (f.key IN ('vendor', 'amount', 'expense_date', 'currency')
          AND f.value->>'flag' IS NOT NULL)))
    OR (e."field_evidence" IS NULL AND e."ocr_confidence" < ${threshold}::float8
      AND cardinality(e."edited_fields") = 0)))`;
}
