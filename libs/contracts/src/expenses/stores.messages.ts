import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ExpenseLimits } from '../core/expenses/expense.js';
import { normalizeName, normalizeTags } from '../core/expenses/normalize.js';
import { StoreMessages, type KnownStoreChanges } from '../core/expenses/stores.js';
import { IsCurrencyCode } from './currency.messages.js';

/** A store the signed-in user's corrections taught, by id. */
export class StoreIdRequest {
  @IsUUID('all', { message: StoreMessages.notFound })
  id!: string;
}

/** Validates the core's `KnownStoreChanges` (PATCH /api/stores/{id}). */
export class KnownStoreChangesInput implements KnownStoreChanges {
  @IsOptional()
  @Transform(({ value }) => normalizeName(value))
  @MaxLength(ExpenseLimits.maxVendorLength, {
    message: `Vendor can be at most ${ExpenseLimits.maxVendorLength} characters.`,
  })
  @IsString({ message: 'Vendor must be text.' })
  vendor?: string | null;

  @IsOptional()
  @IsCurrencyCode()
  currency?: string | null;

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
    message: `An expense can have at most ${ExpenseLimits.maxTags} tags.`,
  })
  @MaxLength(ExpenseLimits.maxTagLength, {
    each: true,
    message: `A tag can be at most ${ExpenseLimits.maxTagLength} characters.`,
  })
  @IsString({ each: true, message: 'Each tag must be text.' })
  @IsArray({ message: 'Tags must be a list.' })
  tags?: string[];
}

/** PATCH /api/stores/{id} on the bus. */
export class UpdateStoreRequest extends KnownStoreChangesInput {
  @IsUUID('all', { message: StoreMessages.notFound })
  id!: string;
}
