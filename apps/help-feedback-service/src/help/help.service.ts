import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  ArticleFeedbackRequest,
  HelpArticle,
  HelpArticleSummary,
  HelpCategory,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { toPrefixTsQuery } from './search-query.js';
import { toArticle, toArticleSummary, type ArticleRow } from './help.mapper.js';

const SUMMARY_COLUMNS = `a."id", a."key", a."title", a."excerpt", a."video_url", a."category_key",
  c."title" AS "category_title"`;
const ARTICLE_COLUMNS = `${SUMMARY_COLUMNS}, a."content", a."view_count", a."helpful_count",
  a."not_helpful_count"`;
const MAX_SEARCH_RESULTS = 20;

@Injectable()
export class HelpService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async categories(): Promise<HelpCategory[]> {
    const rows: { key: string; title: string; description: string; article_count: string }[] =
      await this.db.query(
        `SELECT c."key", c."title", c."description",
                count(a."id") FILTER (WHERE a."published") AS "article_count"
           FROM "help"."categories" c
           LEFT JOIN "help"."articles" a ON a."category_key" = c."key"
          GROUP BY c."key"
         HAVING count(a."id") FILTER (WHERE a."published") > 0
          ORDER BY c."position", c."key"`,
      );
    return rows.map((row) => ({ ...row, article_count: Number(row.article_count) }));
  }

  /** A category's articles in reading order, or search hits (optionally in one category). */
  async articles(category?: string, search?: string): Promise<HelpArticleSummary[]> {
    if (search) return this.search(search, category);
    const rows: ArticleRow[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}
         FROM "help"."articles" a JOIN "help"."categories" c ON c."key" = a."category_key"
        WHERE a."published" AND ($1::text IS NULL OR a."category_key" = $1)
        ORDER BY c."position", a."position", a."key"`,
      [category ?? null],
    );
    return rows.map(toArticleSummary);
  }

  /** Full-text search over title (weight A), excerpt (B) and body (C), best match first. */
  private async search(search: string, category?: string): Promise<HelpArticleSummary[]> {
    const query = toPrefixTsQuery(search);
    if (!query) return [];
    const rows: ArticleRow[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}
         FROM "help"."articles" a JOIN "help"."categories" c ON c."key" = a."category_key",
              to_tsquery('english', $1) q
        WHERE a."published" AND a."search" @@ q
          AND ($2::text IS NULL OR a."category_key" = $2)
        ORDER BY ts_rank_cd(a."search", q, 1) DESC, c."position", a."position"
        LIMIT ${MAX_SEARCH_RESULTS}`,
      [query, category ?? null],
    );
    return rows.map(toArticleSummary);
  }

  /** Reading an article counts one view. */
  async read(key: string): Promise<HelpArticle> {
    const rows: ArticleRow[] = await this.db.query(
      `WITH viewed AS (
         UPDATE "help"."articles" SET "view_count" = "view_count" + 1
          WHERE "key" = $1 AND "published" RETURNING *)
       SELECT ${ARTICLE_COLUMNS}
         FROM viewed a JOIN "help"."categories" c ON c."key" = a."category_key"`,
      [key],
    );
    const row = rows[0];
    if (!row) throw new BusError('NOT_FOUND', 'Article not found.');
    return toArticle(row);
  }

  /** One vote (with optional text); the article's counters move in the same transaction. */
  async vote(
    request: ArticleFeedbackRequest,
    userId: string | undefined,
  ): Promise<{ helpful_count: number; not_helpful_count: number }> {
    return this.db.transaction(async (tx) => {
      // TypeORM answers an UPDATE with [rows, affected count].
      const [counts]: [{ helpful_count: number; not_helpful_count: number }[], number] =
        await tx.query(
          `UPDATE "help"."articles"
            SET "helpful_count" = "helpful_count" + CASE WHEN $2 THEN 1 ELSE 0 END,
                "not_helpful_count" = "not_helpful_count" + CASE WHEN $2 THEN 0 ELSE 1 END
          WHERE "id" = $1 AND "published"
          RETURNING "helpful_count", "not_helpful_count"`,
          [request.article_id, request.is_helpful],
        );
      const updated = counts[0];
      if (!updated) throw new BusError('NOT_FOUND', 'Article not found.');
      await tx.query(
        `INSERT INTO "help"."article_feedback"
           ("id", "article_id", "user_id", "is_helpful", "feedback_text")
         VALUES ($1, $2, $3, $4, $5)`,
        [
          randomUUID(),
          request.article_id,
          userId ?? null,
          request.is_helpful,
          request.feedback_text || null,
        ],
      );
      return updated;
    });
  }
}
