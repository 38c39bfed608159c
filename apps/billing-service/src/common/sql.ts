import type { EntityManager } from 'typeorm';

/**
 * An UPDATE … RETURNING: TypeORM answers UPDATE and DELETE with `[rows, rowCount]` rather than
 * the rows, so unwrap it here once.
 */
export async function updateReturning<T>(
  manager: EntityManager,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const [rows] = await manager.query<[T[], number]>(sql, params);
  return rows;
}
