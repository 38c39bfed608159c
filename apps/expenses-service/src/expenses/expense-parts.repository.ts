import { randomUUID } from 'node:crypto';
import { EXPENSE_PARTS_TABLE } from './expense-row.js';
import type { Db } from './expenses.repository.js';

/** A part as stored: amount as decimal text, percent as decimal text or null (by amount). */
export interface NewPartRow {
  entity_id: string | null;
  tags: string[];
  description: string | null;
  amount: string;
  percent: string | null;
}

/** What the edit rules read of an expense's parts. */
export interface PartShare {
  position: number;
  percent: string | null;
}

/**
 * The one place that writes `expense_parts` (docs/architecture.md, Persistence): the parts of
 * split expenses. Triggers keep the running totals (migration ExpenseParts). Every method
 * takes the user, so nothing of another account is touched; callers lock the expense first
 * (`ExpensesRepository.lockForUpdate`) and touch it, so the user's version moves first.
 */
export const ExpensePartsRepository = {
  /** Replaces the expense's parts with these, in order (positions from 0). */
  async replace(db: Db, userId: string, expenseId: string, parts: NewPartRow[]): Promise<void> {
    await ExpensePartsRepository.removeAll(db, userId, expenseId);
    await db.query(
      `INSERT INTO ${EXPENSE_PARTS_TABLE}
         ("id", "expense_id", "user_id", "position", "entity_id", "tags", "description",
          "amount", "percent")
       SELECT p."id", $1, $2, p."position" - 1, p."entity_id", ARRAY(
           SELECT jsonb_array_elements_text(p."tags")), p."description", p."amount", p."percent"
       FROM unnest($3::uuid[], $4::uuid[], $5::jsonb[], $6::text[], $7::numeric[], $8::numeric[])
         WITH ORDINALITY AS p("id", "entity_id", "tags", "description", "amount", "percent",
           "position")`,
      [
        expenseId,
        userId,
        parts.map(() => randomUUID()),
        parts.map((part) => part.entity_id),
        parts.map((part) => JSON.stringify(part.tags)),
        parts.map((part) => part.description),
        parts.map((part) => part.amount),
        parts.map((part) => part.percent),
      ],
    );
  },

  /** Deletes the expense's parts (it is no longer split); how many there were. */
  async removeAll(db: Db, userId: string, expenseId: string): Promise<number> {
    const [, count]: [unknown, number] = await db.query(
      `DELETE FROM ${EXPENSE_PARTS_TABLE} WHERE "expense_id" = $1 AND "user_id" = $2`,
      [expenseId, userId],
    );
    return count;
  },

  /** The expense's parts in order: empty when it is not split. */
  async shares(db: Db, userId: string, expenseId: string): Promise<PartShare[]> {
    return db.query(
      `SELECT "position", "percent"::text AS "percent" FROM ${EXPENSE_PARTS_TABLE}
       WHERE "expense_id" = $1 AND "user_id" = $2 ORDER BY "position"`,
      [expenseId, userId],
    );
  },

  /** New amounts for the parts, by position (a split by percentage after a new total). */
  async setAmounts(
    db: Db,
    userId: string,
    expenseId: string,
    amounts: readonly string[],
  ): Promise<void> {
    await db.query(
      `UPDATE ${EXPENSE_PARTS_TABLE} p SET "amount" = a."amount"
       FROM unnest($3::numeric[]) WITH ORDINALITY AS a("amount", "position")
       WHERE p."expense_id" = $1 AND p."user_id" = $2 AND p."position" = a."position" - 1`,
      [expenseId, userId, amounts],
    );
  },

  /** Moves every part of one entity to another (null: Unassigned), as for its expenses. */
  async moveEntity(db: Db, userId: string, from: string, to: string | null): Promise<void> {
    await db.query(
      `UPDATE ${EXPENSE_PARTS_TABLE} SET "entity_id" = $3 WHERE "user_id" = $1 AND "entity_id" = $2`,
      [userId, from, to],
    );
  },
};
