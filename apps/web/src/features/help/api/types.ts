// Mirrors `@snaptrack/contracts` help.messages (spec section 3, "Help category/article").

export type HelpCategory = {
  key: string;
  title: string;
  description: string;
  article_count: number;
};

export type HelpArticleSummary = {
  id: string;
  key: string;
  title: string;
  excerpt: string;
  video_url: string | null;
  category_key: string;
  help_categories: { title: string };
};

export type HelpArticle = HelpArticleSummary & {
  content: string;
  view_count: number;
  helpful_count: number;
  not_helpful_count: number;
};
