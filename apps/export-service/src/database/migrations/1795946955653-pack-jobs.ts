import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The accountant's pack is a job of the same table as the receipt PDF (one queue, one quota,
 * one retention): `kind` tells them apart, `quickbooks` holds the pack's QuickBooks settings.
 */
export class PackJobs1795946955653 implements MigrationInterface {
  name = 'PackJobs1795946955653';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "export"."pdf_jobs"
      ADD COLUMN "kind" text NOT NULL DEFAULT 'pdf' CHECK ("kind" IN ('pdf', 'pack')),
      ADD COLUMN "quickbooks" jsonb`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM "export"."pdf_jobs" WHERE "kind" = 'pack'`);
    await runner.query(
      `ALTER TABLE "export"."pdf_jobs" DROP COLUMN "quickbooks", DROP COLUMN "kind"`,
    );
  }
}
