import type { HelpArticle, HelpArticleSummary } from '@snaptrack/contracts';

/** A row of the article queries in help.service.ts. */
export interface ArticleRow {
  id: string;
  key: string;
  title: string;
  excerpt: string;
  video_url: string | null;
  category_key: string;
  category_title: string;
  content?: string;
  view_count?: number;
  helpful_count?: number;
  not_helpful_count?: number;
}

export function toArticleSummary(row: ArticleRow): HelpArticleSummary {
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    excerpt: row.excerpt,
    video_url: row.video_url,
    category_key: row.category_key,
    help_categories: { title: row.category_title },
  };
}

export function toArticle(row: ArticleRow): HelpArticle {
  return {
    ...toArticleSummary(row),
    content: row.content ?? '',
    view_count: row.view_count ?? 0,
    helpful_count: row.helpful_count ?? 0,
    not_helpful_count: row.not_helpful_count ?? 0,
  };
}
