import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import {
  FeedbackLimits,
  FeedbackMessages,
  FeedbackPlatforms,
  type FeedbackType,
  FeedbackTypes,
} from '../core/help-feedback/feedback.js';
import type { FeedbackSubmission } from '../core/help-feedback/feedback.js';

/** Feedback patterns: owned by help-feedback-service. Never rename in place. */
export const FeedbackPatterns = {
  categories: 'help-feedback.feedback-category.list.v1',
  submit: 'help-feedback.feedback.create.v1',
} as const;

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;
const blankToNull = ({ value }: { value: unknown }) =>
  value === '' || value === undefined ? null : value;

/** `GET /api/feedback/categories?type=`. */
export class FeedbackCategoriesRequest {
  @IsIn(FeedbackTypes, { message: FeedbackMessages.typeRequired })
  @IsNotEmpty({ message: FeedbackMessages.typeRequired })
  type!: FeedbackType;
}

/**
 * `POST /api/feedback`. Decorators run bottom-up, so the first
 * message reported for a field is the one of its lowest decorator that fails.
 */
export class SubmitFeedbackRequest implements FeedbackSubmission {
  @IsIn(FeedbackTypes, { message: FeedbackMessages.typeRequired })
  @IsNotEmpty({ message: FeedbackMessages.typeRequired })
  type!: FeedbackType;

  @Transform(trimmed)
  @MaxLength(60, { message: FeedbackMessages.unknownCategory })
  @IsString({ message: FeedbackMessages.categoryRequired })
  @IsNotEmpty({ message: FeedbackMessages.categoryRequired })
  category!: string;

  /** 1 to 5; required for general feedback only, empty (null) otherwise. */
  @Transform(blankToNull)
  @ValidateIf(
    (body: SubmitFeedbackRequest) => body.type === 'general_rating' || body.rating !== null,
  )
  @Max(FeedbackLimits.maxRating, { message: FeedbackMessages.ratingRange })
  @Min(FeedbackLimits.minRating, { message: FeedbackMessages.ratingRange })
  @IsInt({ message: FeedbackMessages.ratingRange })
  @IsNotEmpty({ message: FeedbackMessages.ratingRequired })
  rating!: number | null;

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(FeedbackLimits.maxSubjectLength, { message: FeedbackMessages.subjectTooLong })
  @IsString({ message: FeedbackMessages.subjectTooLong })
  subject?: string | null;

  @Transform(trimmed)
  @MaxLength(FeedbackLimits.maxMessageLength, { message: FeedbackMessages.messageTooLong })
  @MinLength(FeedbackLimits.minMessageLength, { message: FeedbackMessages.messageTooShort })
  @IsString({ message: FeedbackMessages.messageRequired })
  @IsNotEmpty({ message: FeedbackMessages.messageRequired })
  message!: string;

  @IsOptional()
  @IsBoolean({ message: 'anonymous must be true or false.' })
  anonymous?: boolean;

  @IsOptional()
  @IsIn(FeedbackPlatforms, { message: 'platform must be web, ios or android.' })
  platform?: (typeof FeedbackPlatforms)[number];

  @IsOptional()
  @Transform(trimmed)
  @MaxLength(FeedbackLimits.maxContextLength, {
    message: `context can be at most ${FeedbackLimits.maxContextLength} characters.`,
  })
  @IsString({ message: 'context must be text.' })
  context?: string | null;
}
