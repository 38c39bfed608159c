export const HelpLimits = {
  maxSearchLength: 200,
  maxArticleFeedbackLength: 2000,
} as const;

/** A help category with the number of its articles. */
export interface HelpCategory {
  key: string;
  title: string;
  description: string;
  article_count: number;
}

/** An article as lists show it: no body. */
export interface HelpArticleSummary {
  id: string;
  key: string;
  title: string;
  excerpt: string;
  video_url: string | null;
  category_key: string;
  help_categories: { title: string };
}

/** A whole article: the markdown body and its counters. */
export interface HelpArticle extends HelpArticleSummary {
  content: string;
  view_count: number;
  helpful_count: number;
  not_helpful_count: number;
}

export interface HelpCategoryListResponse {
  success: true;
  categories: HelpCategory[];
}

export interface HelpArticleListResponse {
  success: true;
  articles: HelpArticleSummary[];
}

export interface HelpArticleResponse {
  success: true;
  article: HelpArticle;
}

export interface ArticleFeedbackResponse {
  success: true;
  helpful_count: number;
  not_helpful_count: number;
}

/** GET /api/help/articles?category=&search=. */
export interface HelpArticlesFilter {
  category?: string;
  search?: string;
}

/** POST /api/help/feedback: was the article helpful. */
export interface ArticleFeedbackBody {
  article_id: string;
  is_helpful: boolean;
  feedback_text?: string | null;
}
