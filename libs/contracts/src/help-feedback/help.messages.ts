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
import { HelpLimits } from '../core/help-feedback/help.types.js';
import type { HelpArticlesFilter } from '../core/help-feedback/help.types.js';
import type { ArticleFeedbackBody } from '../core/help-feedback/help.types.js';

/** Help patterns: owned by help-feedback-service. Never rename in place. */
export const HelpPatterns = {
  categories: 'help-feedback.help-category.list.v1',
  articles: 'help-feedback.help-article.list.v1',
  article: 'help-feedback.help-article.get.v1',
  articleFeedback: 'help-feedback.help-article-feedback.create.v1',
} as const;

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** `GET /api/help/content?category&search`: a category's articles, or search hits best first. */
export class ListHelpArticlesRequest implements HelpArticlesFilter {
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

/** `GET /api/help/article/{key}`: reading it counts a view. */
export class GetHelpArticleRequest {
  @Matches(/^[a-z0-9-]{1,80}$/, { message: 'Article not found.' })
  @IsString({ message: 'Article not found.' })
  key!: string;
}

/** `POST /api/help/feedback`: was this article helpful, with optional text. */
export class ArticleFeedbackRequest implements ArticleFeedbackBody {
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
