import countryToCurrency from 'country-to-currency';
import { DEFAULT_HOME_CURRENCY, isCurrencyCode } from '@snaptrack/contracts/core';

/**
 * The currency of the browser's locale (its region, or the likeliest region of its language:
 * `de` → DE → EUR), from the country-to-currency table; USD when nothing fits.
 */
export function localeCurrency(locale = navigator.language): string {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    const currency = region ? (countryToCurrency as Record<string, string>)[region] : undefined;
    return currency && isCurrencyCode(currency) ? currency : DEFAULT_HOME_CURRENCY;
  } catch {
    return DEFAULT_HOME_CURRENCY;
  }
}

let codes: string[] | undefined;

/** Every ISO 4217 code the browser knows, for the currency pickers. */
export function currencyOptions(): string[] {
  codes ??= Intl.supportedValuesOf('currency');
  return codes;
}
