import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The stemmed languages of migration ExpenseSearch (its RECEIPT_TEXT_LANGUAGES). */
const RECEIPT_TEXT_LANGUAGES = [
  'english',
  'german',
  'french',
  'spanish',
  'italian',
  'dutch',
  'portuguese',
] as const;

/**
 * What makes the list's search plan well (docs/benchmarks.md, Search): one word's tsquery,
 * built by an IMMUTABLE function, so the planner folds it to a constant from the statement's
 * parameter and estimates it from the vector's statistics.
 *
 * The search matched a word by `word:*` OR its stem in each of seven languages, most of them the
 * same lexeme (`'croissant':* | 'croissant' | 'croissant' | 'croiss' | …`), behind a subquery the
 * planner could not look into. It took the eight as independent and guessed half the rows for
 * a word in 8 % of them (a sequential scan to count), and 650 for a word in 9 (a walk of every
 * row in date order for the page: a second). This tsquery holds the prefix once and each stem
 * the prefix does not already match once: the same rows, estimated to within a few per cent.
 */
export class SearchPlans1795797900000 implements MigrationInterface {
  name = 'SearchPlans1795797900000';

  async up(runner: QueryRunner): Promise<void> {
    const languages = RECEIPT_TEXT_LANGUAGES.map((name) => `'${name}'`).join(', ');
    // `word` is letters and digits (the search's words); quote_literal keeps any text a lexeme.
    await runner.query(`CREATE FUNCTION "expenses"."search_word_query"("word" text)
      RETURNS tsquery LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT (quote_literal(lower("word")) || ':*' || coalesce((
          SELECT string_agg(' | ' || quote_literal(s."lexeme"), '' ORDER BY s."lexeme")
          FROM (SELECT DISTINCT t."lexeme"
            FROM unnest(ARRAY[${languages}]::regconfig[]) AS c("cfg"),
              unnest(to_tsvector(c."cfg", "word")) AS t
          ) s
          WHERE left(s."lexeme", length("word")) <> lower("word")), ''))::tsquery
      $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP FUNCTION "expenses"."search_word_query"`);
  }
}
