import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The text search configurations of the languages the reader ships (OCR_LANGUAGES). */
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
 * Search of the expense list (docs/api.md, Search; expenses/expense-search.sql.ts):
 * - `text_language`: the receipt text's language where it is plain, else NULL. Guessed from the
 *   text itself (whose stop words it drops the most, by a clear margin) whenever the text is
 *   written, so no writer has to know about it.
 * - `search_vector`: the vendor, description and tags (weight A) and the receipt text (C) as
 *   words in any language, plus the receipt text stemmed in its language (D) where known.
 *   A generated column: it can never disagree with the row.
 * - GIN per user on the vector, and the amount per user (`42.50`, `>100`, min/max_amount).
 *   The vendor's trigram index (ListIndexes) serves partial vendor names.
 */
export class ExpenseSearch1795797230000 implements MigrationInterface {
  name = 'ExpenseSearch1795797230000';

  async up(runner: QueryRunner): Promise<void> {
    const languages = RECEIPT_TEXT_LANGUAGES.map((name) => `'${name}'`).join(', ');
    await runner.query(`ALTER TABLE "expenses"."expenses" ADD COLUMN "text_language" regconfig`);
    // The number of words each configuration keeps: the text's language drops its stop words.
    await runner.query(`CREATE FUNCTION "expenses"."receipt_text_language"("body" text)
      RETURNS regconfig LANGUAGE sql STABLE PARALLEL SAFE AS $$
        WITH "kept" AS (
          SELECT "cfg", (SELECT count(*) FROM unnest(to_tsvector("cfg", left("body", 20000))) u,
            unnest(u."positions") p) AS "words"
          FROM unnest(ARRAY[${languages}]::regconfig[]) AS "cfg"
        ), "ranked" AS (
          SELECT "cfg", "words", lead("words") OVER (ORDER BY "words") AS "next",
            row_number() OVER (ORDER BY "words") AS "rank"
          FROM "kept"
        )
        SELECT "cfg" FROM "ranked"
        WHERE "rank" = 1 AND "next" > "words" AND (SELECT count(*)
          FROM unnest(to_tsvector('simple', left("body", 20000))) u, unnest(u."positions") p)
          - "words" >= 2
      $$`);
    await runner.query(`CREATE FUNCTION "expenses"."set_text_language"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        NEW."text_language" := "expenses"."receipt_text_language"(NEW."raw_ocr_text");
        RETURN NEW;
      END $$`);
    await runner.query(`CREATE TRIGGER "expenses_text_language"
      BEFORE INSERT OR UPDATE OF "raw_ocr_text" ON "expenses"."expenses"
      FOR EACH ROW EXECUTE FUNCTION "expenses"."set_text_language"()`);
    await runner.query(`UPDATE "expenses"."expenses" SET "raw_ocr_text" = "raw_ocr_text"
      WHERE "raw_ocr_text" IS NOT NULL`);

    // Immutable in fact (array_to_string of text[] is only marked stable for other types).
    await runner.query(`CREATE FUNCTION "expenses"."expense_search_vector"("vendor" text,
        "notes" text, "tags" text[], "body" text, "language" regconfig)
      RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT setweight(to_tsvector('simple'::regconfig, coalesce("vendor", '') || ' '
            || coalesce("notes", '') || ' ' || array_to_string("tags", ' ')), 'A')
          || setweight(to_tsvector('simple'::regconfig, coalesce("body", '')), 'C')
          || CASE WHEN "language" IS NULL THEN ''::tsvector
             ELSE setweight(to_tsvector("language", coalesce("body", '')), 'D') END
      $$`);
    await runner.query(`ALTER TABLE "expenses"."expenses" ADD COLUMN "search_vector" tsvector
      GENERATED ALWAYS AS ("expenses"."expense_search_vector"("vendor", "notes", "tags",
        "raw_ocr_text", "text_language")) STORED`);
    await runner.query(`CREATE INDEX "expenses_user_search_idx" ON "expenses"."expenses"
      USING gin ("user_id", "search_vector")`);
    await runner.query(`CREATE INDEX "expenses_user_amount_idx" ON "expenses"."expenses"
      ("user_id", "amount")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "expenses"."expenses_user_amount_idx"`);
    await runner.query(`DROP INDEX "expenses"."expenses_user_search_idx"`);
    await runner.query(`ALTER TABLE "expenses"."expenses" DROP COLUMN "search_vector"`);
    await runner.query(`DROP FUNCTION "expenses"."expense_search_vector"`);
    await runner.query(`DROP TRIGGER "expenses_text_language" ON "expenses"."expenses"`);
    await runner.query(`DROP FUNCTION "expenses"."set_text_language"`);
    await runner.query(`DROP FUNCTION "expenses"."receipt_text_language"`);
    await runner.query(`ALTER TABLE "expenses"."expenses" DROP COLUMN "text_language"`);
  }
}
