import { UNASSIGNED_ENTITY, type ExpenseStatus } from '@snaptrack/contracts';
import type { SqlParams } from '../database/sql-params.js';

export interface ExpenseFilter {
  start_date?: string;
  end_date?: string;
  entities?: string[];
  tags?: string[];
  vendor?: string;
  status?: ExpenseStatus;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from user text. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE clause of the list (and of exports later) over `"expenses" e`, always starting
 * with the user: nothing of another account can match.
 */
export function expenseWhere(userId: string, filter: ExpenseFilter, params: SqlParams): string {
  const user = params.add(userId);
  const clauses = [`e."user_id" = ${user}`];
  if (filter.start_date) clauses.push(`e."expense_date" >= ${params.add(filter.start_date)}`);
  if (filter.end_date) clauses.push(`e."expense_date" <= ${params.add(filter.end_date)}`);
  if (filter.entities?.length) {
    const names = filter.entities.map((name) => name.trim().toLowerCase());
    const anyOf: string[] = [];
    const named = names.filter((name) => name !== UNASSIGNED_ENTITY.toLowerCase());
    if (named.length) {
      anyOf.push(
        `e."entity_id" IN (SELECT "id" FROM "expenses"."entities"
          WHERE "user_id" = ${user} AND lower("name") = ANY(${params.add(named)}::text[]))`,
      );
    }
    if (named.length < names.length) anyOf.push(`e."entity_id" IS NULL`);
    clauses.push(`(${anyOf.join(' OR ')})`);
  }
  if (filter.tags?.length) {
    const tags = filter.tags.map((tag) => tag.toLowerCase());
    clauses.push(
      `EXISTS (SELECT 1 FROM unnest(e."tags") AS t WHERE lower(t) = ANY(${params.add(tags)}::text[]))`,
    );
  }
  if (filter.vendor?.trim()) {
    clauses.push(`e."vendor" ILIKE ${params.add(likeContains(filter.vendor.trim()))}`);
  }
  if (filter.status) clauses.push(`e."status" = ${params.add(filter.status)}`);
  return clauses.join(' AND ');
}
