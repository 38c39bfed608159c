import { randomUUID } from 'node:crypto';

/**
 * Adds names to the user's entities or tag catalogue, leaving alone those it already has
 * (names are unique per user ignoring case).
 */
export async function insertNames(
  // A transaction's EntityManager, or any client that runs a statement (the tests' seeding).
  manager: { query(sql: string, parameters?: unknown[]): Promise<unknown> },
  table: 'entities' | 'tags',
  userId: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await manager.query(
    `INSERT INTO "expenses"."${table}" ("id", "user_id", "name")
     SELECT t."id", $1, t."name" FROM unnest($2::uuid[], $3::text[]) AS t("id", "name")
     ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
    [userId, names.map(() => randomUUID()), names],
  );
}
