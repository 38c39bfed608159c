import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Duplicates across channels (docs/api.md, Duplicates; expenses/duplicate-rules.ts):
 * - `image_hash`: the receipt image's 64-bit perceptual hash as read (upright), NULL when the
 *   file is not an image the reader could hash; compared by Hamming distance (`bit_count`).
 * - `text_hash`: a text receipt's normalised text hash, NULL otherwise.
 * - `duplicate_kept`: the user said Keep both: the expense is never flagged again.
 * The vendor/amount/date rule is served by the per-user date index.
 */
export class ReceiptFingerprints1795797400000 implements MigrationInterface {
  name = 'ReceiptFingerprints1795797400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "image_hash" bit(64),
      ADD COLUMN "text_hash" text,
      ADD COLUMN "duplicate_kept" boolean NOT NULL DEFAULT false`);
    await runner.query(`CREATE INDEX "expenses_user_text_hash_idx" ON "expenses"."expenses"
      ("user_id", "text_hash") WHERE "text_hash" IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "expenses"."expenses_user_text_hash_idx"`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP COLUMN "image_hash", DROP COLUMN "text_hash", DROP COLUMN "duplicate_kept"`);
  }
}
