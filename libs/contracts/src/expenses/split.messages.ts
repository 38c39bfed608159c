import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ExpenseLimits } from '../core/expenses/expense.js';
import { normalizeName, normalizeTags } from '../core/expenses/normalize.js';
import {
  SplitLimits,
  SplitMessages,
  SplitModes,
  type SplitExpenseBody,
  type SplitMode,
  type SplitPartInput,
} from '../core/expenses/split.js';

/** Validates one part of the core's `SplitExpenseBody`; the sums are the service's rule. */
export class SplitPartInputClass implements SplitPartInput {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SplitMessages.partAmount })
  amount?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: SplitMessages.partPercent })
  percent?: number;

  @IsOptional()
  @Transform(({ value }) => normalizeName(value))
  @MaxLength(ExpenseLimits.maxEntityNameLength, {
    message: 'Entity must be the name of one of your entities.',
  })
  @IsString({ message: 'Entity must be the name of one of your entities.' })
  entity?: string | null;

  @IsOptional()
  @Transform(({ value }) => normalizeTags(value))
  @ArrayMaxSize(ExpenseLimits.maxTags, {
    message: `A part can have at most ${ExpenseLimits.maxTags} tags.`,
  })
  @MaxLength(ExpenseLimits.maxTagLength, {
    each: true,
    message: `A tag can be at most ${ExpenseLimits.maxTagLength} characters.`,
  })
  @IsString({ each: true, message: 'Each tag must be text.' })
  @IsArray({ message: 'Tags must be a list.' })
  tags?: string[];

  @IsOptional()
  @MaxLength(ExpenseLimits.maxNotesLength, { message: SplitMessages.description })
  @IsString({ message: 'Description must be text.' })
  description?: string | null;
}

/** Each part an instance of its class (a transform: `@Type` needs reflect-metadata). */
function toParts({ value }: { value: unknown }): unknown {
  return Array.isArray(value)
    ? value.map((part: unknown) =>
        part !== null && typeof part === 'object' && !Array.isArray(part)
          ? plainToInstance(SplitPartInputClass, part)
          : part,
      )
    : value;
}

/** PUT /api/expenses/{id}/split's body. */
export class SplitExpenseInput implements SplitExpenseBody {
  @IsIn(SplitModes, { message: SplitMessages.mode })
  mode!: SplitMode;

  @Transform(toParts)
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'Each part must be an object.' })
  @ArrayMaxSize(SplitLimits.maxParts, { message: SplitMessages.tooManyParts })
  @ArrayMinSize(SplitLimits.minParts, { message: SplitMessages.tooFewParts })
  @IsArray({ message: SplitMessages.tooFewParts })
  parts!: SplitPartInputClass[];
}

/** PUT /api/expenses/{id}/split on the bus. */
export class SplitExpenseRequest extends SplitExpenseInput {
  @IsUUID('all', { message: 'Expense not found.' })
  id!: string;
}
