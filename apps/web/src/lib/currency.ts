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

/** The browser's locale as a canonical BCP 47 tag (`en-us` -> `en-US`), or null. */
export function browserLocale(locale = navigator.language): string | null {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? null;
  } catch {
    return null;
  }
}

/** The locales Settings offers (where receipts are commonly written); the stored one is added. */
const COMMON_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'en-IN',
  'en-MY',
  'en-SG',
  'ms-MY',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'pl-PL',
  'sv-SE',
  'da-DK',
  'ja-JP',
  'zh-CN',
];

/** The locale choices, named in the browser's language (`en-GB` -> "British English"). */
export function localeOptions(stored?: string | null): { tag: string; name: string }[] {
  const names = new Intl.DisplayNames([navigator.language], { type: 'language' });
  const tags =
    stored && !COMMON_LOCALES.includes(stored) ? [stored, ...COMMON_LOCALES] : COMMON_LOCALES;
  return tags.map((tag) => ({ tag, name: `${names.of(tag) ?? tag} (${tag})` }));
}

let codes: string[] | undefined;

/** Every ISO 4217 code the browser knows, for the currency pickers. */
export function currencyOptions(): string[] {
  codes ??= Intl.supportedValuesOf('currency');
  return codes;
}
