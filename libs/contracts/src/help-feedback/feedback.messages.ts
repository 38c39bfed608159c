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

/** Feedback patterns: owned by help-feedback-service. Never rename in place. */
export const FeedbackPatterns = {
  categories: 'help-feedback.feedback-category.list.v1',
  submit: 'help-feedback.feedback.create.v1',
} as const;

export const FeedbackTypes = ['general_rating', 'problem_report', 'feature_request'] as const;
export type FeedbackType = (typeof FeedbackTypes)[number];

export const FeedbackPlatforms = ['web', 'ios', 'android'] as const;

/** Feedback limits: message 10 to 2000 characters, subject up to 100, rating 1 to 5. */
export const FeedbackLimits = {
  minMessageLength: 10,
  maxMessageLength: 2000,
  maxSubjectLength: 100,
  maxContextLength: 500,
  minRating: 1,
  maxRating: 5,
} as const;

/** The feedback texts, shared by the dialog and the server so both say the same. */
export const FeedbackMessages = {
  typeRequired: 'Feedback type is required',
  categoryRequired: 'Category is required',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be less than 2000 characters',
  ratingRequired: 'Rating is required for general feedback',
  ratingRange: 'Rating must be between 1 and 5',
  subjectTooLong: 'Subject must be at most 100 characters',
  unknownCategory: 'Please choose a category from the list',
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

export interface FeedbackCategoryOption {
  value: string;
  label: string;
  description?: string;
}

export interface FeedbackCategoriesResponse {
  success: true;
  data: { categories: FeedbackCategoryOption[] };
}

/**
 * `POST /api/feedback` (docs/api.md, Help, feedback and the marketing site). Decorators run
 * bottom-up, so the first message reported for a field is the one of its lowest decorator that
 * fails.
 */
export class SubmitFeedbackRequest {
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

export interface SubmitFeedbackResponse {
  success: true;
  data: { id: string; anonymous: boolean };
}
