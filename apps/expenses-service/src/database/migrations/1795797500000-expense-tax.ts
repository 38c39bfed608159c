import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tax of an expense (docs/api.md, Tax): the amount paid and its lines per rate
 * (`[{rate, tax, net, gross}]`), read from the receipt or entered by hand. Both null when no tax
 * was read or entered: unknown, never 0. Not in the running totals: "Tax paid" is summed from
 * the expenses themselves (statistics/tax-paid.sql.ts).
 */
export class ExpenseTax1795797500000 implements MigrationInterface {
  name = 'ExpenseTax1795797500000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      ADD COLUMN "tax_amount" numeric(12, 2),
      ADD COLUMN "tax_lines" jsonb,
      ADD CONSTRAINT "expenses_tax_amount_check" CHECK ("tax_amount" IS NULL OR "tax_amount" >= 0)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "expenses"."expenses"
      DROP CONSTRAINT "expenses_tax_amount_check",
      DROP COLUMN "tax_lines",
      DROP COLUMN "tax_amount"`);
  }
}
