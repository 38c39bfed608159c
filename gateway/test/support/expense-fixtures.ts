import { randomUUID } from 'node:crypto';
import { withDatabase } from '@snaptrack/testing';

export interface FixtureExpense {
  vendor: string;
  cents: number;
  /** YYYY-MM-DD */
  date: string;
  entity: string | null;
  tags: string[];
  status?: 'processing' | 'ready' | 'failed';
  /** ISO 4217; USD when left out. */
  currency?: string;
}

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

export function shiftDate(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * A spread of expenses around `today` (UTC): today, yesterday, days on both sides of each
 * period's boundary, a year and more back, two future dates, plus rows that do not count
 * (processing, failed). Deterministic.
 */
export function spreadAround(today: string, entities: (string | null)[]): FixtureExpense[] {
  const offsets = [
    0, 0, 0, -1, -1, -2, -3, -4, -5, -6, -6, -7, -7, -8, -9, -13, -20, -28, -29, -29, -30, -30, -31,
    -45, -60, -100, -200, -300, -364, -364, -365, -366, -400, -700, -800, 1, 3,
  ];
  const vendors = ['Acorn', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel'];
  const tags = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
  let seed = 7;
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed;
  };
  const rows: FixtureExpense[] = offsets.map((offset, index) => ({
    vendor: vendors[next() % vendors.length],
    cents: 1 + (next() % 99_999),
    date: shiftDate(today, offset),
    entity: entities[index % entities.length]!,
    tags: [...new Set([tags[next() % tags.length], tags[next() % tags.length]])].slice(
      0,
      index % 3,
    ),
  }));
  rows.push(
    { vendor: 'Acorn', cents: 99_999, date: today, entity: null, tags: [], status: 'processing' },
    { vendor: 'Birch', cents: 55_555, date: today, entity: null, tags: [], status: 'failed' },
  );
  return rows;
}
