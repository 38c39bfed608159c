import { randomUUID } from 'node:crypto';
import { withDatabase, type FixtureExpense } from '@snaptrack/testing';

export { shiftDate, spreadAround, type FixtureExpense } from '@snaptrack/testing';

/**
 * Writes expenses for a test account straight into the expenses schema: nothing creates
 * expenses over HTTP until the receipt pipeline lands. Like every write of the service, it
 * files the tags in the account's catalogue. Returns the new ids in order.
 */
export async function insertExpenses(userId: string, rows: FixtureExpense[]): Promise<string[]> {
  const ids = rows.map(() => randomUUID());
  await withDatabase(async (client) => {
    const tags = [...new Set(rows.flatMap((row) => row.tags))];
    await client.query(
      `INSERT INTO "expenses"."tags" ("id", "user_id", "name")
       SELECT gen_random_uuid(), $1, t FROM unnest($2::text[]) AS t
       ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
      [userId, tags],
    );
    for (const [index, row] of rows.entries()) {
      await client.query(
        `INSERT INTO "expenses"."expenses"
           ("id", "user_id", "vendor", "amount", "expense_date", "entity_id", "tags", "status",
            "extraction_method", "ocr_confidence", "currency")
         VALUES ($1, $2, $3, $4::numeric / 100, $5, (SELECT "id" FROM "expenses"."entities"
           WHERE "user_id" = $2 AND "name" = $6), $7, $8, 'image', 0.9, $9)`,
        [
          ids[index],
          userId,
          row.vendor,
          row.cents,
          row.date,
          row.entity,
          row.tags,
          row.status ?? 'ready',
          row.currency ?? 'USD',
        ],
      );
    }
  });
  return ids;
}
