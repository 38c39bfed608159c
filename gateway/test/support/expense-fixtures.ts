import {
  seedExpenses,
  withDatabase,
  type FixtureExpense,
  type SeedExpense,
} from '@snaptrack/testing';

export { shiftDate, spreadAround, type FixtureExpense } from '@snaptrack/testing';

/**
 * Writes fixture expenses for a test account straight into the expenses schema, as read from
 * a receipt image (confidence 0.9) unless a row says otherwise in the table's own columns.
 * Returns the new ids in order.
 */
export async function insertExpenses(
  userId: string,
  rows: (FixtureExpense & SeedExpense)[],
): Promise<string[]> {
  return withDatabase((client) => seedExpenses(client, userId, rows.map(seedRow)));
}

function seedRow({ cents, date, ...row }: FixtureExpense & SeedExpense): SeedExpense {
  return {
    status: 'ready',
    extraction_method: 'image',
    ocr_confidence: 0.9,
    currency: 'USD',
    ...row,
    amount: (cents / 100).toFixed(2),
    expense_date: date,
  };
}
