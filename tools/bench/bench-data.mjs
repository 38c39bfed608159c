// The benchmark's account: one user with 100,000 expenses over three years, 5 entities and 30
// tags, written in batches straight into the expenses schema. Deterministic (mulberry32).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import argon2 from 'argon2';
import { ROOT } from '../lib/stack.mjs';

// The demo seed's deterministic generator (mulberry32), from the built service.
export const { seededRandom } = await import(
  path.join(ROOT, 'apps/expenses-service/dist/seed/demo-expenses.js')
);

export const BENCH_USER = {
  id: '00000000-0000-4000-8000-0000000be7c4',
  email: 'bench@example.com',
  password: 'snaptrack-bench',
};
export const ENTITIES = ['Personal', 'Acme Consulting', 'Side Studio', 'Harbor Books', 'Northwind'];
export const TAGS = [
  'Travel',
  'Meals',
  'Office',
  'Software',
  'Gas',
  'Groceries',
  'Subscription',
  'Client Dinner',
  'Reimbursable',
  'Hardware',
  'Books',
  'Training',
  'Conference',
  'Parking',
  'Taxi',
  'Hotel',
  'Flights',
  'Coffee',
  'Internet',
  'Phone',
  'Insurance',
  'Rent',
  'Utilities',
  'Marketing',
  'Advertising',
  'Postage',
  'Printing',
  'Legal',
  'Accounting',
  'Gifts',
];
const FIRST = [
  'Blue',
  'Green',
  'Harbor',
  'Maple',
  'North',
  'Silver',
  'Sunset',
  'Union',
  'Valley',
  'Summit',
];
const SECOND = [
  'Cafe',
  'Market',
  'Hardware',
  'Books',
  'Grill',
  'Pharmacy',
  'Fuel',
  'Supply',
  'Bakery',
  'Motors',
  'Airlines',
  'Hotel',
  'Office',
  'Printing',
  'Taxi',
  'Studio',
  'Deli',
  'Florist',
  'Outfitters',
  'Electronics',
];
export const VENDORS = FIRST.flatMap((a) => SECOND.map((b) => `${a} ${b}`));

/** Creates the account, its entities and tags, and `count` expenses; skips what exists. */
export async function seedBenchAccount(client, count = 100_000) {
  const hash = await argon2.hash(BENCH_USER.password, { type: argon2.argon2id });
  await client.query(
    `INSERT INTO "auth"."users" ("id", "email", "password_hash", "full_name", "subscription_status")
     VALUES ($1, $2, $3, 'Bench User', 'active') ON CONFLICT ("id") DO NOTHING`,
    [BENCH_USER.id, BENCH_USER.email, hash],
  );
  for (const name of ENTITIES) {
    await client.query(
      `INSERT INTO "expenses"."entities" ("id", "user_id", "name") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
      [randomUUID(), BENCH_USER.id, name],
    );
  }
  for (const name of TAGS) {
    await client.query(
      `INSERT INTO "expenses"."tags" ("id", "user_id", "name") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
      [randomUUID(), BENCH_USER.id, name],
    );
  }
  const { rows } = await client.query(
    `SELECT count(*)::int AS "count" FROM "expenses"."expenses" WHERE "user_id" = $1`,
    [BENCH_USER.id],
  );
  if (rows[0].count >= count) return rows[0].count;
  const entityRows = await client.query(
    `SELECT "id" FROM "expenses"."entities" WHERE "user_id" = $1 ORDER BY "name"`,
    [BENCH_USER.id],
  );
  const entityIds = entityRows.rows.map((row) => row.id);
  const random = seededRandom(42);
  const today = new Date();
  const batch = 5_000;
  for (let done = rows[0].count; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    const columns = { id: [], vendor: [], amount: [], date: [], entity: [], tags: [], created: [] };
    for (let i = 0; i < size; i += 1) {
      const daysAgo = Math.floor(random() * 1_095);
      const date = new Date(today.getTime() - daysAgo * 86_400_000);
      const tagCount = Math.floor(random() * 4);
      const tags = [
        ...new Set(Array.from({ length: tagCount }, () => TAGS[Math.floor(random() * 30)])),
      ];
      columns.id.push(randomUUID());
      columns.vendor.push(VENDORS[Math.floor(random() * VENDORS.length)]);
      columns.amount.push((1 + random() * random() * 500).toFixed(2));
      columns.date.push(date.toISOString().slice(0, 10));
      // About one in eight is Unassigned.
      columns.entity.push(
        random() < 0.125 ? null : entityIds[Math.floor(random() * entityIds.length)],
      );
      columns.tags.push(`{${tags.map((tag) => `"${tag}"`).join(',')}}`);
      columns.created.push(new Date(date.getTime() + Math.floor(random() * 86_400_000)));
    }
    await client.query(
      `INSERT INTO "expenses"."expenses" ("id", "user_id", "vendor", "amount", "expense_date",
         "entity_id", "tags", "ocr_confidence", "extraction_method", "created_at", "updated_at")
       SELECT r."id", $1, r."vendor", r."amount", r."date", r."entity", r."tags"::text[], 0.9,
         'image', r."created", r."created"
       FROM unnest($2::uuid[], $3::text[], $4::numeric[], $5::date[], $6::uuid[], $7::text[],
         $8::timestamptz[]) AS r("id", "vendor", "amount", "date", "entity", "tags", "created")`,
      [
        BENCH_USER.id,
        columns.id,
        columns.vendor,
        columns.amount,
        columns.date,
        columns.entity,
        columns.tags,
        columns.created,
      ],
    );
  }
  // What autovacuum would have done by now on a real table: statistics and the visibility map.
  await client.query('VACUUM ANALYZE "expenses"."expenses"');
  return count;
}
