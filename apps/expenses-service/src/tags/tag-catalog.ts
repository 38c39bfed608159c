import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/**
 * Makes sure each tag is in the user's catalogue and returns the tags in the catalogue's
 * spelling ('travel' becomes 'Travel' when the user already has 'Travel'), in input order.
 */
export async function ensureTags(
  manager: EntityManager,
  userId: string,
  tags: readonly string[],
): Promise<string[]> {
  if (tags.length === 0) return [];
  await manager.query(
    `INSERT INTO "expenses"."tags" ("id", "user_id", "name")
     SELECT t."id", $1, t."name" FROM unnest($2::uuid[], $3::text[]) AS t("id", "name")
     ON CONFLICT ("user_id", lower("name")) DO NOTHING`,
    [userId, tags.map(() => randomUUID()), tags],
  );
  const rows: { name: string }[] = await manager.query(
    `SELECT "name" FROM "expenses"."tags" WHERE "user_id" = $1 AND lower("name") = ANY($2::text[])`,
    [userId, tags.map((tag) => tag.toLowerCase())],
  );
  const spelling = new Map(rows.map((row) => [row.name.toLowerCase(), row.name]));
  return tags.map((tag) => spelling.get(tag.toLowerCase()) ?? tag);
}
