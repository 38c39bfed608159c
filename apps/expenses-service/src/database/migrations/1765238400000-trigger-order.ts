import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statement triggers of one event fire in the order of their names. The per-user version bump
 * must come first: it locks the user's version row, so two transactions of the same user
 * queue there before either locks rows of the totals or the day counts. In the other order,
 * two multi-statement transactions touching different days could deadlock.
 */
const RENAMES = ['totals', 'day_count'].flatMap((what) =>
  ['insert', 'update', 'delete'].map((event) => ({
    from: `expenses_${event}_${what}`,
    to: `expenses_${event}_with_${what}`,
  })),
);

export class TriggerOrder1765238400000 implements MigrationInterface {
  name = 'TriggerOrder1765238400000';

  async up(runner: QueryRunner): Promise<void> {
    for (const { from, to } of RENAMES) {
      await runner.query(`ALTER TRIGGER "${from}" ON "expenses"."expenses" RENAME TO "${to}"`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const { from, to } of RENAMES) {
      await runner.query(`ALTER TRIGGER "${to}" ON "expenses"."expenses" RENAME TO "${from}"`);
    }
  }
}
