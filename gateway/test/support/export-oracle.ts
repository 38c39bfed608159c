import { withDatabase } from '@snaptrack/testing';

/** An expense as the database holds it, read with SQL of the test's own (the export oracle). */
export interface DbExpense {
  id: string;
  /** Null for an expense nobody dated (exported last, with an empty date). */
  expense_date: string | null;
  vendor: string;
  amount: string;
  currency: string;
  entity: string | null;
  tags: string[];
  notes: string | null;
  extraction_method: string;
  ocr_confidence: number | null;
  /** Decimal text; null when unknown. */
  tax_amount: string | null;
  tax_lines: { rate: number | null; tax: number }[] | null;
}

export interface OracleFilter {
  start?: string;
  end?: string;
  entities?: (string | null)[];
  tags?: string[];
}

/** The user's ready expenses matching the filter, in the export's order (oldest first). */
export async function readyExpenses(
  userId: string,
  filter: OracleFilter = {},
): Promise<DbExpense[]> {
  const rows = await withDatabase(async (client) => {
    const result = await client.query<DbExpense>(
      `SELECT e."id", e."expense_date"::text AS "expense_date", e."vendor", e."amount"::text AS "amount",
         e."currency", n."name" AS "entity", e."tags", e."notes", e."extraction_method",
         e."ocr_confidence"::float8 AS "ocr_confidence", e."tax_amount"::text AS "tax_amount",
         e."tax_lines"
       FROM "expenses"."expenses" e LEFT JOIN "expenses"."entities" n ON n."id" = e."entity_id"
       WHERE e."user_id" = $1 AND e."status" = 'ready'
       ORDER BY e."expense_date" NULLS LAST, e."created_at", e."id"`,
      [userId],
    );
    return result.rows;
  });
  // The filter in plain code, not SQL: an independent second opinion on the service's WHERE.
  // Undated expenses are in no date range.
  return rows.filter(
    (row) =>
      (!filter.start || (row.expense_date !== null && row.expense_date >= filter.start)) &&
      (!filter.end || (row.expense_date !== null && row.expense_date <= filter.end)) &&
      (!filter.entities || filter.entities.includes(row.entity)) &&
      (!filter.tags ||
        row.tags.some((tag) => filter.tags!.some((t) => t.toLowerCase() === tag.toLowerCase()))),
  );
}

/** What a text cell must read after the formula-injection guard. */
export function guarded(text: string): string {
  return /^[=+\-@\t\r\0]/.test(text) ? `'${text}` : text;
}

/** Cents per currency: the only sums an export may show. */
export function centsByCurrency(rows: { amount: string; currency: string }[]) {
  const sums: Record<string, number> = {};
  for (const row of rows) {
    sums[row.currency] = (sums[row.currency] ?? 0) + Math.round(Number(row.amount) * 100);
  }
  return sums;
}

/** A preview's per-currency totals in cents, to compare with `centsByCurrency`. */
export function previewCents(totals: { currency: string; total: number }[]) {
  return Object.fromEntries(totals.map((total) => [total.currency, Math.round(total.total * 100)]));
}

/** A download as bytes, with its status and headers. */
export async function download(
  baseUrl: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}
