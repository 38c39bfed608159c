import { Transform, plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ExpenseLimits } from '../expenses/expense.js';
import { IsCalendarDate, normalizeName, normalizeTags } from '../expenses/expense-input.js';

/** QuickBooks export (docs/api.md, Exports). */
export const QuickBooksTerms = ['Due upon receipt', 'Net 30', 'Net 60'] as const;
export type QuickBooksTerm = (typeof QuickBooksTerms)[number];

export const QuickBooksDefaults = {
  serviceName: 'Reimbursable Expense',
  terms: 'Net 30',
} as const satisfies { serviceName: string; terms: QuickBooksTerm };

export const CUSTOMER_REQUIRED_MESSAGE = 'Please enter a customer name for QuickBooks export.';

/**
 * A nested object of a request as an instance of its class, so that `@ValidateNested` checks it
 * (a transform rather than `@Type`, which needs reflect-metadata in every importer). Anything
 * that is not a plain object stays as it is for `@IsObject` to refuse.
 */
export function nested<T>(cls: new () => T) {
  return ({ value }: { value: unknown }): unknown =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? plainToInstance(cls, value)
      : value;
}

/** Which expenses an export covers (docs/api.md, Exports). Empty means all. */
export class ExportFilters {
  /** Inclusive, YYYY-MM-DD. */
  @IsOptional()
  @IsCalendarDate({ message: 'start_date must be a date (YYYY-MM-DD).' })
  start_date?: string;

  /** Inclusive, YYYY-MM-DD. */
  @IsOptional()
  @IsCalendarDate({ message: 'end_date must be a date (YYYY-MM-DD).' })
  end_date?: string;

  /** Entity names (any of them); 'Unassigned' selects expenses without an entity. */
  @IsOptional()
  @ArrayMaxSize(50, { message: 'entities may name at most 50 entities.' })
  @MaxLength(ExpenseLimits.maxEntityNameLength, {
    each: true,
    message: 'An entity name can be at most 100 characters.',
  })
  @IsString({ each: true, message: 'entities must be a list of names.' })
  @IsArray({ message: 'entities must be a list of names.' })
  entities?: string[];

  /** Expenses carrying any of these tags (ignoring case). */
  @IsOptional()
  @Transform(({ value }) => normalizeTags(value))
  @ArrayMaxSize(50, { message: 'tags may name at most 50 tags.' })
  @MaxLength(ExpenseLimits.maxTagLength, {
    each: true,
    message: `A tag can be at most ${ExpenseLimits.maxTagLength} characters.`,
  })
  @IsString({ each: true, message: 'tags must be a list of tags.' })
  @IsArray({ message: 'tags must be a list of tags.' })
  tags?: string[];
}

/** QuickBooks settings (docs/api.md, Exports). */
export class QuickBooksSettings {
  @Transform(({ value }) => normalizeName(value))
  @MaxLength(100, { message: 'The customer name can be at most 100 characters.' })
  @IsNotEmpty({ message: CUSTOMER_REQUIRED_MESSAGE })
  @IsString({ message: CUSTOMER_REQUIRED_MESSAGE })
  customer!: string;

  @IsOptional()
  @Transform(({ value }) => normalizeName(value) || undefined)
  @MaxLength(100, { message: 'The service name can be at most 100 characters.' })
  @IsString({ message: 'serviceName must be text.' })
  serviceName?: string;

  @IsOptional()
  @IsIn(QuickBooksTerms, { message: `terms must be one of ${QuickBooksTerms.join(', ')}.` })
  terms?: QuickBooksTerm;

  @IsOptional()
  @MaxLength(1000, { message: 'The memo can be at most 1000 characters.' })
  @IsString({ message: 'memo must be text.' })
  memo?: string;
}

/** POST /api/export/preview, /csv and /pdf. */
export class ExportRequest {
  @IsOptional()
  @Transform(nested(ExportFilters))
  @ValidateNested()
  @IsObject({ message: 'filters must be an object.' })
  filters?: ExportFilters;
}

/** POST /api/export/quickbooks: the settings are required, the customer within them too. */
export class QuickBooksExportRequest extends ExportRequest {
  @Transform(nested(QuickBooksSettings))
  @ValidateNested()
  @IsObject({ message: CUSTOMER_REQUIRED_MESSAGE })
  quickbooksSettings!: QuickBooksSettings;
}
