import {
  parseSearchQuery,
  type AmountOperator,
  type HighlightPart,
  type ReceiptTextMatch,
  type SearchFilters,
} from '@snaptrack/contracts';
import { SqlParams, type BuiltQuery } from '../database/sql-params.js';

/**
 * The entities whose name holds each word of `q` (ids by word), looked up before the search's
 * SQL is built ({@link searchEntities}): the statement then names the ids, or leaves the entity
 * arm out, and the planner sees what it is counting instead of an array it cannot look into.
 */
export type SearchEntities = Record<string, string[]>;

export interface ResolvedSearchFilters extends SearchFilters {
  search_entities?: SearchEntities;
}

/**
 * The search of the list and the exports (docs/api.md, Search; migrations ExpenseSearch and
 * SearchPlans): every word of `q` must be found somewhere, as the start of a word of the
 * vendor, description, tags or receipt text (in any language, or stemmed in the receipt's), or
 * inside the vendor's or the entity's name; every amount condition of `q` and min/max_amount
 * must hold.
 *
 * Each word is one OR of index conditions (the vector's GIN, the vendor's trigrams, the entity
 * ids), written with the word itself rather than behind a subquery, so the planner estimates
 * each from the column's statistics: a rare word is read from the indexes, a common one by
 * walking the list's order.
 */
export function searchClauses(
  user: string,
  filter: ResolvedSearchFilters,
  params: SqlParams,
): string[] {
  const clauses: string[] = [];
  const query = parseSearchQuery(filter.q);
  for (const word of query?.words ?? []) {
    // Letters and digits only: nothing in the word is special to LIKE.
    const like = params.add(`%${word}%`);
    const arms = [
      // The prefix and the stems the prefix does not cover (migration SearchPlans).
      `e."search_vector" @@ "expenses"."search_word_query"(${params.add(word)}::text)`,
      `e."vendor" ILIKE ${like}`,
    ];
    const entities = filter.search_entities?.[word];
    if (!filter.search_entities) {
      arms.push(`e."entity_id" = ANY(ARRAY(SELECT "id" FROM "expenses"."entities"
        WHERE "user_id" = ${user} AND "name" ILIKE ${like}))`);
    } else if (entities?.length) {
      arms.push(`e."entity_id" = ANY(${params.add(entities)}::uuid[])`);
    }
    clauses.push(`(${arms.join(' OR ')})`);
  }
  for (const { op, value } of query?.amounts ?? []) {
    clauses.push(`e."amount" ${SQL_OPERATORS[op]} ${params.add(value.toFixed(2))}::numeric`);
  }
  if (filter.min_amount !== undefined) {
    clauses.push(`e."amount" >= ${params.add(filter.min_amount.toFixed(2))}::numeric`);
  }
  if (filter.max_amount !== undefined) {
    clauses.push(`e."amount" <= ${params.add(filter.max_amount.toFixed(2))}::numeric`);
  }
  if (filter.currency) clauses.push(`e."currency" = ${params.add(filter.currency)}`);
  return clauses;
}

/** The statement of {@link searchEntities}: each word of `q` with the ids of the entities named so. */
export function searchEntitiesSql(userId: string, words: string[]): BuiltQuery {
  return {
    sql: `SELECT w."word", coalesce(array_agg(n."id") FILTER (WHERE n."id" IS NOT NULL),
        '{}')::text[] AS "ids"
      FROM unnest($2::text[]) AS w("word")
      LEFT JOIN "expenses"."entities" n ON n."user_id" = $1
        AND n."name" ILIKE '%' || w."word" || '%'
      GROUP BY w."word"`,
    params: [userId, words],
  };
}

/**
 * `filter` with the entities each word of its `q` names ({@link SearchEntities}); the filter
 * itself when `q` has no words (no statement run).
 */
export async function searchEntities<F extends SearchFilters>(
  db: { query(sql: string, params: unknown[]): Promise<{ word: string; ids: string[] }[]> },
  userId: string,
  filter: F,
): Promise<F & ResolvedSearchFilters> {
  const words = parseSearchQuery(filter.q)?.words ?? [];
  if (words.length === 0) return filter;
  const built = searchEntitiesSql(userId, words);
  const rows = await db.query(built.sql, built.params);
  return {
    ...filter,
    search_entities: Object.fromEntries(rows.map((row) => [row.word, row.ids])),
  };
}

/** Whether any search field is set (the list's per-day shortcut cannot answer those). */
export function hasSearch(filter: SearchFilters): boolean {
  return (
    Boolean(filter.q?.trim()) ||
    filter.min_amount !== undefined ||
    filter.max_amount !== undefined ||
    Boolean(filter.currency)
  );
}

/** The stemmed languages (migration ExpenseSearch guesses a receipt's among these). */
const RECEIPT_TEXT_LANGUAGES = [
  'english',
  'german',
  'french',
  'spanish',
  'italian',
  'dutch',
  'portuguese',
] as const;

// From the parsed query's closed set only; never text of the request.
const SQL_OPERATORS: Record<AmountOperator, string> = {
  '=': '=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
};

/**
 * The tsquery of one word (`$n`, letters and digits only, so it cannot break the syntax) in the
 * receipt text only (its weights: C as written, D stemmed): its prefix as written, or its stem
 * in each receipt language. For the extracts of one page, so its plan does not matter.
 */
function receiptWordQuery(word: string): string {
  return [
    `to_tsquery('simple', ${word} || ':*C')`,
    ...RECEIPT_TEXT_LANGUAGES.map((language) => `to_tsquery('${language}', ${word} || ':D')`),
  ].join(' || ');
}

// Marks around the matched words of a headline; removed from the text first.
const START = '\u0001';
const STOP = '\u0002';

/**
 * For the expenses of a page: an extract of the receipt text around the words of `q` it holds,
 * for those whose receipt text holds one. Null when `q` has no words.
 */
export function receiptMatchesSql(userId: string, ids: string[], q: string): BuiltQuery | null {
  const words = parseSearchQuery(q)?.words ?? [];
  if (words.length === 0 || ids.length === 0) return null;
  const params = new SqlParams();
  const user = params.add(userId);
  const page = params.add(ids);
  const query = words.map((word) => receiptWordQuery(params.add(word))).join(' || ');
  return {
    sql: `SELECT e."id", ts_headline(coalesce(e."text_language", 'simple'::regconfig),
        regexp_replace(e."raw_ocr_text", '[\\u0001\\u0002\\s]+', ' ', 'g'), q."query",
        'StartSel=${START}, StopSel=${STOP}, MaxWords=16, MinWords=6, ShortWord=1')
        AS "snippet"
      FROM "expenses"."expenses" e, (SELECT ${query} AS "query") q
      WHERE e."user_id" = ${user} AND e."id" = ANY(${page}::uuid[])
        AND e."raw_ocr_text" IS NOT NULL AND e."search_vector" @@ q."query"`,
    params: params.values,
  };
}

/**
 * The list response's `matches` for a page: with words in `q`, the receipt extracts of the
 * page's expenses whose receipt text matched; nothing (no key) otherwise.
 */
export async function receiptMatches(
  db: { query(sql: string, params: unknown[]): Promise<{ id: string; snippet: string }[]> },
  userId: string,
  page: { id: string }[],
  q: string | undefined,
): Promise<{ matches?: Record<string, ReceiptTextMatch> }> {
  const built = q
    ? receiptMatchesSql(
        userId,
        page.map((row) => row.id),
        q,
      )
    : null;
  if (!built) return {};
  return { matches: toReceiptMatches(await db.query(built.sql, built.params)) };
}

/** The rows of {@link receiptMatchesSql} as the list response's `matches`. */
export function toReceiptMatches(
  rows: { id: string; snippet: string }[],
): Record<string, ReceiptTextMatch> {
  const matches: Record<string, ReceiptTextMatch> = {};
  for (const row of rows) matches[row.id] = { receipt_text: headlineParts(row.snippet) };
  return matches;
}

/** A headline with its marks as parts of text, marked or not. */
export function headlineParts(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    // The marks alternate: odd pieces lie between a start and a stop.
    if (piece) parts.push({ text: piece, hit: index % 2 === 1 });
  }
  return parts;
}
