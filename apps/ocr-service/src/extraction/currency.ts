import { CURRENCY_OF, EURO_COUNTRIES, printedCountry, type Country } from './country.js';
import type { DecimalMark } from './locale-number.js';

export interface CurrencyResult {
  /** ISO 4217 code */
  value: string | null;
  confidence: number;
  /**
   * The symbol or code the currency was read from, to find its line; null when it was inferred
   * (the country, VAT words, the locale) rather than printed.
   */
  marker: RegExp | null;
}

export interface CurrencyHints {
  /** The receipt's decimal mark as its amounts show it. */
  decimalMark?: DecimalMark | null;
  /** The country the receipt names (see country.ts); looked up from the text when absent. */
  country?: Country | null;
  /** The account's BCP 47 locale, the last resort. */
  locale?: string;
}

// Unambiguous symbols and codes, counted over the whole receipt: the most printed one wins.
const MARKERS: [RegExp, string][] = [
  [/\b(MYR|RM)\s?\d|\b(MYR|RINGGIT)\b|\(RM\)|\bRM\b/g, 'MYR'],
  [/\bSGD\b|\bS\$/g, 'SGD'],
  [/\bAUD\b|\bA\$|AU\$/g, 'AUD'],
  [/\bCAD\b|\bC\$|CA\$/g, 'CAD'],
  [/\bNZD\b|NZ\$/g, 'NZD'],
  [/\bHKD\b|HK\$/g, 'HKD'],
  [/\bUSD\b|US\$/g, 'USD'],
  [/\bBRL\b|R\$/g, 'BRL'],
  [/€|\bEUR\b|\bEURO\b/g, 'EUR'],
  [/£|\bGBP\b/g, 'GBP'],
  [/\bCHF\b|\bSFR\b|\bFR\.\s?\d/g, 'CHF'],
  [/\bJPY\b|¥|円/g, 'JPY'],
  [/₹|\bINR\b|\bRS\.?\s?\d/g, 'INR'],
  [/\bIDR\b|\bRP\.?\s?\d/g, 'IDR'],
  [/฿|\bTHB\b/g, 'THB'],
  [/₱|\bPHP\b/g, 'PHP'],
  [/\bPLN\b|\bZŁ\b/g, 'PLN'],
  [/\bSEK\b/g, 'SEK'],
  [/\bNOK\b/g, 'NOK'],
  [/\bDKK\b/g, 'DKK'],
];

const DOLLAR = /\$/;
const EURO_TAX_WORDS = /\b(MWST|MEHRWERTSTEUER|UST|TVA|IVA|BTW)\b/;
const DOLLARS = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MYR']);
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  MY: 'MYR',
  GB: 'GBP',
  CH: 'CHF',
  BR: 'BRL',
  ...Object.fromEntries(
    ['DE', 'AT', 'FR', 'BE', 'ES', 'IT', 'NL', 'PT', 'IE', 'FI', 'LU', 'GR'].map((r) => [r, 'EUR']),
  ),
};

/**
 * Reads the currency: the symbol or code of the country the receipt names, else the one printed
 * most often; a bare `$` by the country the receipt names (a euro receipt whose OCR made a `$` of
 * an `S` stays EUR), else USD; without any symbol the country, then decimal commas under euro-area
 * VAT words, then the account's locale when the amounts are written its way.
 */
export function extractCurrency(text: string, hints: CurrencyHints = {}): CurrencyResult {
  const upper = text.toUpperCase();
  const counts = MARKERS.map(([pattern, code]) => ({
    code,
    n: (upper.match(pattern) ?? []).length,
  })).filter((c) => c.n > 0);
  const country = hints.country !== undefined ? hints.country : printedCountry(text);
  if (counts.length > 0) {
    // OCR makes a "£" or "€" of a smudge now and then: the country's own currency, when printed,
    // wins; else the most printed one (on a tie the earlier, more specific marker).
    const home = country ? counts.find((c) => c.code === CURRENCY_OF[country]) : undefined;
    const best = home ?? [...counts].sort((a, b) => b.n - a.n)[0];
    return {
      value: best.code,
      confidence: counts.length === 1 ? 0.9 : 0.8,
      marker: MARKERS.find(([, code]) => code === best.code)?.[0] ?? null,
    };
  }
  const region = hints.locale?.split(/[-_]/)[1]?.toUpperCase();
  if (DOLLAR.test(upper)) {
    if (country && DOLLARS.has(CURRENCY_OF[country])) {
      return { value: CURRENCY_OF[country], confidence: 0.7, marker: DOLLAR };
    }
    if (country && EURO_COUNTRIES.has(country) && hints.decimalMark === ',') {
      // The `$` was a misread `S`: the euros were not read from it.
      return { value: 'EUR', confidence: 0.5, marker: null };
    }
    const fromLocale = region ? REGION_CURRENCY[region] : undefined;
    if (!country && fromLocale && DOLLARS.has(fromLocale) && fromLocale !== 'MYR') {
      return { value: fromLocale, confidence: 0.6, marker: DOLLAR };
    }
    return { value: 'USD', confidence: 0.7, marker: DOLLAR };
  }
  if (country) return { value: CURRENCY_OF[country], confidence: 0.5, marker: null };
  // Decimal commas under the VAT words of the euro area (MwSt, TVA, IVA, BTW): euros, unsure.
  if (hints.decimalMark === ',' && EURO_TAX_WORDS.test(upper)) {
    return { value: 'EUR', confidence: 0.4, marker: null };
  }
  const fromLocale = region ? REGION_CURRENCY[region] : undefined;
  if (fromLocale === 'EUR' && hints.decimalMark === ',') {
    return { value: 'EUR', confidence: 0.4, marker: null };
  }
  return { value: null, confidence: 0, marker: null };
}

/**
 * The line the currency was read from: its symbol or code on the total's line when it is there
 * (the amount it qualifies), else the first line printing it; null when it was not printed.
 */
export function currencyLine(
  lines: readonly string[],
  marker: RegExp | null,
  totalLine: number | null,
): number | null {
  if (!marker) return null;
  // A fresh, non-global copy: `test` on a /g pattern would carry lastIndex between lines.
  const printed = new RegExp(marker.source, marker.flags.replace('g', ''));
  const has = (i: number) => printed.test(lines[i]?.toUpperCase() ?? '');
  if (totalLine !== null && has(totalLine)) return totalLine;
  const first = lines.findIndex((_, i) => has(i));
  return first === -1 ? null : first;
}
