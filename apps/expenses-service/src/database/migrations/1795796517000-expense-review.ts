import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The review queue: `field_evidence` keeps the last reading's confidence and line box per field
 * (`{"vendor": {"confidence": 0.62, "box": {"x": …}}, …}`); `reviewed_at` is when someone
 * confirmed the expense. The partial index serves the queue's filter, which only ever looks at
 * rows nobody has confirmed yet.
 */
export class ExpenseReview1795796517000 implements MigrationInterface {
  name = 'ExpenseReview1795796517000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "field_evidence" jsonb, ADD COLUMN "reviewed_at" timestamptz`);
    await runner.query(
      `CREATE INDEX "expenses_unreviewed_idx" ON "expenses"."expenses" ("user_id")
       WHERE "reviewed_at" IS NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "expenses"."expenses_unreviewed_idx"`);
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP COLUMN "reviewed_at", DROP COLUMN "field_evidence"`);
  }
}
