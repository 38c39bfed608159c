import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stores SnapTrack knows (docs/ocr.md, "Stores SnapTrack knows"; stores/store-memory.ts):
 * - `known_stores`: per account, what identifies a store (`keys`, see stores/store-identity.ts)
 *   and what the user wanted for its receipts: their spelling of the vendor, the currency, the
 *   label of the line that holds the total, and how often they chose each entity and tag set
 *   (`{ "<entity id>": count }`, `{ "<tags as JSON>": count }`).
 * - `store_matches`: which known store a reading of an expense matched, what it filled in and
 *   what it only suggests; gone with the expense or the store.
 */
export class StoreMemory1795797800000 implements MigrationInterface {
  name = 'StoreMemory1795797800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "expenses"."known_stores" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "keys" text[] NOT NULL,
      "vendor" text,
      "currency" text,
      "total_label" text,
      "entity_choices" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "tag_choices" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "corrections" integer NOT NULL DEFAULT 0,
      "receipts" integer NOT NULL DEFAULT 0,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "known_stores_user_idx" ON "expenses"."known_stores"
      ("user_id", "updated_at" DESC)`);
    await runner.query(`CREATE INDEX "known_stores_keys_idx" ON "expenses"."known_stores"
      USING gin ("keys")`);
    await runner.query(`CREATE TABLE "expenses"."store_matches" (
      "expense_id" uuid PRIMARY KEY
        REFERENCES "expenses"."expenses" ("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "store_id" uuid NOT NULL REFERENCES "expenses"."known_stores" ("id") ON DELETE CASCADE,
      "remembered" text[] NOT NULL DEFAULT '{}',
      "suggested_entity" text,
      "suggested_tags" text[],
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE INDEX "store_matches_store_idx" ON "expenses"."store_matches"
      ("store_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "expenses"."store_matches"`);
    await runner.query(`DROP TABLE "expenses"."known_stores"`);
  }
}
