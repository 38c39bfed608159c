import { IsBoolean, IsOptional, ValidateBy, type ValidationOptions } from 'class-validator';
import {
  CurrencyMessages,
  LocaleMessages,
  isCurrencyCode,
  isExchangeRate,
  type HomeCurrencyChange,
} from '../core/expenses/currency.js';
import { canonicalLocale } from '../ocr/receipt-locale.js';

/** An ISO 4217 code this runtime knows (`Intl.supportedValuesOf('currency')`). */
export function IsCurrencyCode(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isCurrencyCode', validator: { validate: (value) => isCurrencyCode(value) } },
    { message: CurrencyMessages.invalidCode, ...options },
  );
}

/** A number above 0, at most ExchangeRateLimits.max, at most ten decimals. */
export function IsExchangeRate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'isExchangeRate', validator: { validate: (value) => isExchangeRate(value) } },
    { message: CurrencyMessages.invalidRate, ...options },
  );
}

/** Validates the core's `HomeCurrencyChange` (PUT /api/user/currency). */
export class HomeCurrencyInput implements HomeCurrencyChange {
  @IsCurrencyCode()
  home_currency!: string;

  @IsOptional()
  @IsBoolean({ message: 'only_if_unset must be true or false.' })
  only_if_unset?: boolean;

  @IsOptional()
  @ValidateBy(
    { name: 'isLocale', validator: { validate: (value) => canonicalLocale(value) !== null } },
    { message: LocaleMessages.invalid },
  )
  locale?: string;
}
