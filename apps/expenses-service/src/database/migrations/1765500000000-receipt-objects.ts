import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `mail_id`: the inbound message a mailed receipt came in (mail-ingest's id), named in the
 * deleted event so that mail-ingest can drop the raw mail once none of its receipts is left.
 * The image_key index serves the orphan sweeper, which asks which listed objects a row
 * still points to.
 */
export class ReceiptObjects1765500000000 implements MigrationInterface {
  name = 'ReceiptObjects1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses" ADD COLUMN "mail_id" uuid`);
    await runner.query(
      `CREATE INDEX "expenses_image_key_idx" ON "expenses"."expenses" ("image_key")
       WHERE "image_key" IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "expenses"."expenses_image_key_idx"`);
    await runner.query(`ALTER TABLE "expenses"."expenses" DROP COLUMN "mail_id"`);
  }
}
