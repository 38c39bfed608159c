import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Duplicates across channels, second step (docs/api.md, Duplicates; expenses/duplicate-rules.ts):
 * - `region_hash`: the perceptual hash of the receipt's own region (the paper, then the box its
 *   print fills) as read upright, NULL when none was found: a copy cropped a little keeps it
 *   where the whole picture's `image_hash` moves too far.
 * - `duplicate_reason`: why `duplicate_of` was set (`file`: the same file; `image`: the same
 *   picture; `text`: the same e-receipt text; `details`: the same vendor, amount and date).
 *   NULL when not flagged, and for flags set before the reason was kept (unknown stays unknown).
 */
export class DuplicateReasons1795797910000 implements MigrationInterface {
  name = 'DuplicateReasons1795797910000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "region_hash" bit(64),
      ADD COLUMN "duplicate_reason" text
        CHECK ("duplicate_reason" IN ('file', 'image', 'text', 'details'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP COLUMN "region_hash", DROP COLUMN "duplicate_reason"`);
  }
}
