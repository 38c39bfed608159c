import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ExpenseLimits, type TagUsage } from '@snaptrack/contracts';
import { EXPENSES_TABLE } from '../expenses/expense-row.js';

/**
 * The user's tag catalogue (suggestions, Settings). Expenses carry tag names in a text array;
 * removing a tag from the catalogue leaves the expenses that carry it unchanged.
 */
@Injectable()
export class TagsService {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The user's tag catalogue, by name. */
  async list(userId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { name: string }[] = await manager.query(
      `SELECT "name" FROM "expenses"."tags" WHERE "user_id" = $1 ORDER BY lower("name"), "name"`,
      [userId],
    );
    return rows.map((row) => row.name);
  }

  /**
   * Every tag on the user's expenses with how many carry it, catalogue or not (a tag removed
   * from the catalogue stays on its expenses and stays a filter), spelled as most expenses do.
   */
  async onExpenses(userId: string): Promise<TagUsage[]> {
    const rows: { name: string; expenseCount: string }[] = await this.dataSource.query(
      `SELECT mode() WITHIN GROUP (ORDER BY tag) AS "name", count(DISTINCT e."id") AS "expenseCount"
       FROM ${EXPENSES_TABLE} e, unnest(e."tags") AS tag
       WHERE e."user_id" = $1 GROUP BY lower(tag) ORDER BY lower(tag)`,
      [userId],
    );
    return rows.map((row) => ({ name: row.name, expenseCount: Number(row.expenseCount) }));
  }

  /** The catalogue's tags this user puts on the most expenses (ties by name). */
  async popular(userId: string, limit: number = ExpenseLimits.popularTags): Promise<string[]> {
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT t."name" FROM "expenses"."tags" t
       LEFT JOIN (
         SELECT lower(tag) AS "key", count(*) AS "uses"
         FROM ${EXPENSES_TABLE} e, unnest(e."tags") AS tag
         WHERE e."user_id" = $1 GROUP BY 1
       ) u ON u."key" = lower(t."name")
       WHERE t."user_id" = $1
       ORDER BY coalesce(u."uses", 0) DESC, lower(t."name")
       LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => row.name);
  }

  /** Tags containing `q` (ignoring case), those starting with it first. */
  async search(
    userId: string,
    q: string,
    limit: number = ExpenseLimits.searchTags,
  ): Promise<string[]> {
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT "name" FROM "expenses"."tags"
       WHERE "user_id" = $1 AND strpos(lower("name"), $2) > 0
       ORDER BY strpos(lower("name"), $2) = 1 DESC, lower("name")
       LIMIT $3`,
      [userId, q.trim().toLowerCase(), limit],
    );
    return rows.map((row) => row.name);
  }
}
