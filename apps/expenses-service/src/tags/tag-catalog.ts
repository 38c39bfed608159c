import type { EntityManager } from 'typeorm';
import { insertNames } from '../database/insert-names.js';

/*
 * The one place that writes the tag catalogue ("expenses"."tags"), with insertNames, which
 * entities share. Tags on expenses are the expenses repository's.
 */

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
  await insertNames(manager, 'tags', userId, tags);
  const rows: { name: string }[] = await manager.query(
    `SELECT "name" FROM "expenses"."tags" WHERE "user_id" = $1 AND lower("name") = ANY($2::text[])`,
    [userId, tags.map((tag) => tag.toLowerCase())],
  );
  const spelling = new Map(rows.map((row) => [row.name.toLowerCase(), row.name]));
  return tags.map((tag) => spelling.get(tag.toLowerCase()) ?? tag);
}

/**
 * Makes the catalogue exactly these tags: the others leave it (and stay on the expenses that
 * carry them), new ones are added.
 */
export async function replaceCatalogue(
  manager: EntityManager,
  userId: string,
  tags: readonly string[],
): Promise<void> {
  await manager.query(
    `DELETE FROM "expenses"."tags" WHERE "user_id" = $1 AND NOT (lower("name") = ANY($2::text[]))`,
    [userId, tags.map((tag) => tag.toLowerCase())],
  );
  await insertNames(manager, 'tags', userId, tags);
}
