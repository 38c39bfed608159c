import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  ExpenseLimits,
  ExpenseStatuses,
  ReviewFilters,
  type ExpenseStatus,
  type ReviewFilter,
} from '../core/expenses/expense.js';
import { IsCalendarDate } from './expense-input.js';
import { IsCurrencyCode, IsExchangeRate } from './currency.messages.js';
import { normalizeName, normalizeTags, toNumber } from '../core/expenses/normalize.js';
import type { ExpenseChanges } from '../core/expenses/expenses.types.js';
import { AmountMessages } from '../core/expenses/amount-text.js';
import { TaxMessages, isTaxMoney, taxProblem, type TaxLine } from '../core/expenses/tax.js';
import { expenseFilterFields } from '../export/export-filters.js';

export const ExpensesPatterns = {
  list: 'expenses.expense.list.v1',
  get: 'expenses.expense.get.v1',
  update: 'expenses.expense.update.v1',
  remove: 'expenses.expense.delete.v1',
  review: 'expenses.expense.review.v1',
  keepBoth: 'expenses.expense.keep-both.v1',
  split: 'expenses.expense.split.v1',
  unsplit: 'expenses.expense.unsplit.v1',
  summary: 'expenses.summary.get.v1',
  statistics: 'expenses.statistics.get.v1',
  entitiesList: 'expenses.entity.list.v1',
  entityCreate: 'expenses.entity.create.v1',
  entityRemove: 'expenses.entity.delete.v1',
  tagsList: 'expenses.tag.list.v1',
  tagsSearch: 'expenses.tag.search.v1',
  settingsGet: 'expenses.settings.get.v1',
  settingsUpdate: 'expenses.settings.update.v1',
  currencyGet: 'expenses.currency.get.v1',
  currencySet: 'expenses.currency.set.v1',
  receiptCreate: 'expenses.receipt.create.v1',
  receiptReprocess: 'expenses.receipt.reprocess.v1',
  receiptImage: 'expenses.receipt.image.v1',
  receiptAllowance: 'expenses.receipt.allowance.v1',
  exportPage: 'expenses.expense.export-page.v1',
  exportRows: 'expenses.expense.export-rows.v1',
  exportPreview: 'expenses.export.preview.v1',
  storesList: 'expenses.store.list.v1',
  storeUpdate: 'expenses.store.update.v1',
  storeForget: 'expenses.store.delete.v1',
  expenseStore: 'expenses.expense.store.v1',
} as const;

const tagMessage = `A tag can be at most ${ExpenseLimits.maxTagLength} characters.`;

const pageSizeMessage = `limit must be a whole number from 1 to ${ExpenseLimits.maxPageSize}.`;

/**
 * One page of the signed-in user's expenses, newest first, with optional filters. Page 1 and
 * the default page size when left out. The filters are the exports' (one validation).
 */
export class ListExpensesRequest extends expenseFilterFields(true) {
  @IsOptional()
  @Transform(toNumber)
  @Min(1, { message: 'page must be a whole number of 1 or more.' })
  @Max(1_000_000, { message: 'page must be a whole number of 1 or more.' })
  @IsInt({ message: 'page must be a whole number of 1 or more.' })
  page?: number;

  @IsOptional()
  @Transform(toNumber)
  @Min(1, { message: pageSizeMessage })
  @Max(ExpenseLimits.maxPageSize, { message: pageSizeMessage })
  @IsInt({ message: pageSizeMessage })
  limit?: number;

  /** Part of the vendor's name, ignoring case. */
  @IsOptional()
  @MaxLength(ExpenseLimits.maxVendorLength, {
    message: `vendor can be at most ${ExpenseLimits.maxVendorLength} characters.`,
  })
  @IsString({ message: 'vendor must be text.' })
  vendor?: string;

  @IsOptional()
  @IsIn(ExpenseStatuses, { message: `status must be one of ${ExpenseStatuses.join(', ')}.` })
  status?: ExpenseStatus;

  /** `needed`: only what the review queue shows (docs/api.md, Review queue). */
  @IsOptional()
  @IsIn(ReviewFilters, { message: `review must be one of ${ReviewFilters.join(', ')}.` })
  review?: ReviewFilter;
}

/** Validates the core's `ExpenseChanges` (PATCH /api/expenses/{id}). */
export class ExpenseChangesInput implements ExpenseChanges {
  @ValidateIf((_, value) => value !== undefined)
  @Transform(({ value }) => normalizeName(value))
  @MaxLength(ExpenseLimits.maxVendorLength, {
    message: `Vendor can be at most ${ExpenseLimits.maxVendorLength} characters.`,
  })
  @IsString({ message: 'Vendor must be text.' })
  vendor?: string;

  @ValidateIf((_, value) => value !== undefined)
  // Refunds are not expenses: refused with the reason the form gives too.
  @Min(0, { message: AmountMessages.negative })
  @Max(ExpenseLimits.maxAmount, { message: AmountMessages.tooLarge })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'Amount must be a number with at most 2 decimal places.' },
  )
  amount?: number;

  @ValidateIf((_, value) => value !== undefined)
  @IsCalendarDate({ message: 'Date must be a valid date (YYYY-MM-DD).' })
  expense_date?: string;

  @IsOptional()
  @MaxLength(ExpenseLimits.maxNotesLength, {
    message: `Description can be at most ${ExpenseLimits.maxNotesLength} characters.`,
  })
  @IsString({ message: 'Description must be text.' })
  notes?: string | null;

  @IsOptional()
  @Transform(({ value }) => normalizeName(value))
  @MaxLength(ExpenseLimits.maxEntityNameLength, {
    message: 'Entity must be the name of one of your entities.',
  })
  @IsString({ message: 'Entity must be the name of one of your entities.' })
  entity?: string | null;

  @ValidateIf((_, value) => value !== undefined)
  @Transform(({ value }) => normalizeTags(value))
  @ArrayMaxSize(ExpenseLimits.maxTags, {
    message: `An expense can have at most ${ExpenseLimits.maxTags} tags.`,
  })
  @MaxLength(ExpenseLimits.maxTagLength, { each: true, message: tagMessage })
  @IsString({ each: true, message: 'Each tag must be text.' })
  @IsArray({ message: 'Tags must be a list.' })
  tags?: string[];

  @ValidateIf((_, value) => value !== undefined)
  @IsCurrencyCode()
  currency?: string;

  @ValidateIf((_, value) => value !== undefined && value !== null)
  @IsExchangeRate()
  exchange_rate?: number | null;

  /** Checked against the total by the service (it knows the stored amount). */
  @ValidateIf((_, value) => value !== undefined && value !== null)
  @ValidateBy(
    { name: 'isTaxAmount', validator: { validate: (value) => isTaxMoney(value) } },
    { message: TaxMessages.amount },
  )
  tax_amount?: number | null;

  @ValidateIf((_, value) => value !== undefined && value !== null)
  @ValidateBy({
    name: 'isTaxLines',
    validator: {
      validate: (value) => taxLinesProblem(value) === null,
      defaultMessage: (args) => taxLinesProblem(args?.value) ?? TaxMessages.lines,
    },
  })
  tax_lines?: TaxLine[] | null;
}

/** The lines' own rules (rates, money, net + tax = gross); the total is the service's to check. */
function taxLinesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return TaxMessages.lines;
  return taxProblem(ExpenseLimits.maxAmount, null, value as TaxLine[]);
}

/** PATCH /api/expenses/{id} on the bus. */
export class UpdateExpenseRequest extends ExpenseChangesInput {
  @IsUUID('all', { message: 'Expense not found.' })
  id!: string;
}

/** An expense of the signed-in user, by id. */
export class ExpenseIdRequest {
  @IsUUID('all', { message: 'Expense not found.' })
  id!: string;
}
