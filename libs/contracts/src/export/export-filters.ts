import { Transform, plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ExpenseLimits } from '../core/expenses/expense.js';
import { normalizeName, normalizeTags } from '../core/expenses/normalize.js';
import {
  CUSTOMER_REQUIRED_MESSAGE,
  ExportFilterLimits,
  ExportFilterMessages,
  QuickBooksLimits,
  QuickBooksTerms,
  type ExportFilters,
  type ExportRequestBody,
  type QuickBooksExportRequestBody,
  type QuickBooksSettings,
  type QuickBooksTerm,
} from '../core/export/export.types.js';
import { IsCalendarDate } from '../expenses/expense-input.js';
import { IsCurrencyCode } from '../expenses/currency.messages.js';
import { SearchLimits, SearchMessages, parseSearchQuery } from '../core/expenses/expense-search.js';

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

/**
 * An amount from a query string ('42.5' becomes 42.5). Only plain decimals are read: '0x10',
 * '1e2' or ' ' stay text for the validator to refuse. JSON numbers pass unchanged.
 */
function toAmount({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\d{1,12}(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** A query-string value given once is a list of one. */
function toList(value: unknown): unknown {
  return typeof value === 'string' ? [value] : value;
}

/**
 * The one validation of the filters (the core's `ExportFilters`): the expense list's query
 * string (`fromQuery`, where a name given once arrives as a string) and every export body.
 */
export function expenseFilterFields(fromQuery: boolean) {
  const list = (value: unknown) => (fromQuery ? toList(value) : value);

  class ExpenseFilterFields implements ExportFilters {
    @IsOptional()
    @IsCalendarDate({ message: ExportFilterMessages.startDate })
    start_date?: string;

    @IsOptional()
    @IsCalendarDate({ message: ExportFilterMessages.endDate })
    end_date?: string;

    @IsOptional()
    @Transform(({ value }) => list(value))
    @ArrayMaxSize(ExportFilterLimits.maxEntities, { message: ExportFilterMessages.tooManyEntities })
    @MaxLength(ExpenseLimits.maxEntityNameLength, {
      each: true,
      message: ExportFilterMessages.entityTooLong,
    })
    @IsString({ each: true, message: ExportFilterMessages.entitiesList })
    @IsArray({ message: ExportFilterMessages.entitiesList })
    entities?: string[];

    @IsOptional()
    @Transform(({ value }) => normalizeTags(list(value)))
    @ArrayMaxSize(ExportFilterLimits.maxTags, { message: ExportFilterMessages.tooManyTags })
    @MaxLength(ExpenseLimits.maxTagLength, { each: true, message: ExportFilterMessages.tagTooLong })
    @IsString({ each: true, message: ExportFilterMessages.tagsList })
    @IsArray({ message: ExportFilterMessages.tagsList })
    tags?: string[];

    /** Free text and amounts (docs/api.md, Search); blank is no search. */
    @IsOptional()
    @ValidateBy(
      {
        name: 'searchWords',
        validator: { validate: (value) => parseSearchQuery(String(value)) !== null },
      },
      { message: SearchMessages.tooManyWords },
    )
    @MaxLength(SearchLimits.maxQueryLength, { message: SearchMessages.queryTooLong })
    @IsString({ message: SearchMessages.queryText })
    q?: string;

    @IsOptional()
    @Transform(toAmount)
    @Max(ExpenseLimits.maxAmount, { message: SearchMessages.minAmount })
    @Min(0, { message: SearchMessages.minAmount })
    @IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: SearchMessages.minAmount },
    )
    min_amount?: number;

    @IsOptional()
    @Transform(toAmount)
    @ValidateBy(
      {
        name: 'amountRange',
        validator: {
          validate: (value, args) => {
            const min = (args?.object as { min_amount?: unknown }).min_amount;
            return typeof min !== 'number' || typeof value !== 'number' || min <= value;
          },
        },
      },
      { message: SearchMessages.amountRange },
    )
    @Max(ExpenseLimits.maxAmount, { message: SearchMessages.maxAmount })
    @Min(0, { message: SearchMessages.maxAmount })
    @IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: SearchMessages.maxAmount },
    )
    max_amount?: number;

    @IsOptional()
    @IsCurrencyCode()
    currency?: string;
  }
  return ExpenseFilterFields;
}

/** The filters of an export body (a JSON object: lists are lists). */
export class ExportFiltersInput extends expenseFilterFields(false) {}

/** Spec section 3, QuickBooks settings. */
export class QuickBooksSettingsInput implements QuickBooksSettings {
  @Transform(({ value }) => normalizeName(value))
  @MaxLength(QuickBooksLimits.maxCustomer, {
    message: `The customer name can be at most ${QuickBooksLimits.maxCustomer} characters.`,
  })
  @IsNotEmpty({ message: CUSTOMER_REQUIRED_MESSAGE })
  @IsString({ message: CUSTOMER_REQUIRED_MESSAGE })
  customer!: string;

  @IsOptional()
  @Transform(({ value }) => normalizeName(value) || undefined)
  @MaxLength(QuickBooksLimits.maxServiceName, {
    message: `The service name can be at most ${QuickBooksLimits.maxServiceName} characters.`,
  })
  @IsString({ message: 'serviceName must be text.' })
  serviceName?: string;

  @IsOptional()
  @IsIn(QuickBooksTerms, { message: `terms must be one of ${QuickBooksTerms.join(', ')}.` })
  terms?: QuickBooksTerm;

  @IsOptional()
  @MaxLength(QuickBooksLimits.maxMemo, {
    message: `The memo can be at most ${QuickBooksLimits.maxMemo} characters.`,
  })
  @IsString({ message: 'memo must be text.' })
  memo?: string;
}

/** POST /api/export/preview, /csv and /pdf. */
export class ExportRequest implements ExportRequestBody {
  @IsOptional()
  @Transform(nested(ExportFiltersInput))
  @ValidateNested()
  @IsObject({ message: 'filters must be an object.' })
  filters?: ExportFiltersInput;
}

/** POST /api/export/quickbooks: the settings are required, the customer within them too. */
export class QuickBooksExportRequest extends ExportRequest implements QuickBooksExportRequestBody {
  @Transform(nested(QuickBooksSettingsInput))
  @ValidateNested()
  @IsObject({ message: CUSTOMER_REQUIRED_MESSAGE })
  quickbooksSettings!: QuickBooksSettingsInput;
}
