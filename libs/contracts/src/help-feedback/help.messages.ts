import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';

/** Help patterns: owned by help-feedback-service. Never rename in place. */
export const HelpPatterns = {
  categories: 'help-feedback.help-category.list.v1',
  articles: 'help-feedback.help-article.list.v1',
  article: 'help-feedback.help-article.get.v1',
  articleFeedback: 'help-feedback.help-article-feedback.create.v1',
} as const;

export const HelpLimits = {
  maxSearchLength: 200,
  maxArticleFeedbackLength: 2000,
} as const;

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

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

/** `GET /api/help/content?category&search`: a category's articles, or search hits best first. */
export class ListHelpArticlesRequest {
  @IsOptional()
  @Transform(trimmed)
  @Matches(/^[a-z0-9-]{0,60}$/, { message: 'category must be a category key.' })
  @IsString({ message: 'category must be a category key.' })
  category?: string;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(HelpLimits.maxSearchLength, {
    message: `search can be at most ${HelpLimits.maxSearchLength} characters.`,
  })
  @IsString({ message: 'search must be text.' })
  search?: string;
}

export interface HelpArticleListResponse {
  success: true;
  articles: HelpArticleSummary[];
}

/** `GET /api/help/article/{key}`: reading it counts a view. */
export class GetHelpArticleRequest {
  @Matches(/^[a-z0-9-]{1,80}$/, { message: 'Article not found.' })
  @IsString({ message: 'Article not found.' })
  key!: string;
}

export interface HelpArticleResponse {
  success: true;
  article: HelpArticle;
}

/** `POST /api/help/feedback`: was this article helpful, with optional text. */
export class ArticleFeedbackRequest {
  @IsUUID('all', { message: 'Article not found.' })
  @IsDefined({ message: 'article_id is required.' })
  article_id!: string;

  @IsBoolean({ message: 'is_helpful must be true or false.' })
  @IsDefined({ message: 'is_helpful is required.' })
  is_helpful!: boolean;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(HelpLimits.maxArticleFeedbackLength, {
    message: `Feedback must be at most ${HelpLimits.maxArticleFeedbackLength} characters.`,
  })
  @IsString({ message: 'feedback_text must be text.' })
  feedback_text?: string | null;
}

export interface ArticleFeedbackResponse {
  success: true;
  helpful_count: number;
  not_helpful_count: number;
}
