import type { Country } from './country.js';

export type DateOrder = 'dmy' | 'mdy';

export interface OrderDecision {
  order: DateOrder;
  /** Where the order came from; only the receipt itself, its country or its currency are sure. */
  from: 'receipt' | 'country' | 'currency' | 'locale' | 'default';
  sure: boolean;
}

const NUMERIC_DATE = /(?<![\d.])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})(?!\d)/g;
// Where month first is the custom (the US and a few countries tied to it).
const MONTH_FIRST_REGIONS = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'BZ']);
/**
 * How a country's short dates may put the year first: `always` where it is the standard ("24.03.15"
 * is 15 March 2024 in Korea, Japan, China, Taiwan, Hungary, Lithuania, Sweden), `sometimes` where
 * tills print both ways ("24/03/15" is either date in Canada and South Africa).
 */
export type ShortYearFirst = 'always' | 'sometimes';
const SHORT_YEAR_FIRST: ReadonlyMap<Country, ShortYearFirst> = new Map([
  ...(['KR', 'JP', 'CN', 'TW', 'HU', 'LT', 'SE'] as const).map((c) => [c, 'always'] as const),
  ...(['CA', 'ZA'] as const).map((c) => [c, 'sometimes'] as const),
]);

/** Whether the country's short dates may put the year first, and how; null where they never do. */
export function shortYearFirst(country: Country | null | undefined): ShortYearFirst | null {
  return (country && SHORT_YEAR_FIRST.get(country)) ?? null;
}
// Dollars are used by day-first and month-first countries alike: a bare one proves little.
const WEAK_CURRENCIES = new Set(['USD', 'CAD']);

/**
 * Decides whether 03/04/2024 on this receipt is 3 April or 4 March, from the best evidence there
 * is: other dates on the receipt that cannot be read both ways (a part above 12; dots, which only
 * day-first countries use), the country it names (a US state and ZIP code, a VAT number), the
 * currency, and last the account's locale. Never from nothing: the default is day first (most
 * of the world), marked unsure.
 */
export function decideDateOrder(
  lines: readonly string[],
  hints: { country?: Country | null; currency?: string | null; locale?: string } = {},
): OrderDecision {
  let dmy = 0;
  let mdy = 0;
  const { country, currency, locale } = hints;
  // Where short dates are printed year first, a part above 12 may be the year and proves
  // nothing about day and month.
  const yearMayLead = shortYearFirst(country) !== null;
  for (const line of lines) {
    for (const m of line.matchAll(NUMERIC_DATE)) {
      if (yearMayLead && m[4].length === 2) continue;
      const a = Number(m[1]);
      const b = Number(m[3]);
      if (a > 12 && b >= 1 && b <= 12) dmy += 2;
      else if (b > 12 && b <= 31 && a >= 1 && a <= 12) mdy += 2;
      else if (m[2] === '.') dmy += 1;
    }
  }
  if (dmy !== mdy) return { order: dmy > mdy ? 'dmy' : 'mdy', from: 'receipt', sure: true };
  if (country && country !== 'CA') {
    const monthFirst = MONTH_FIRST_REGIONS.has(country);
    return { order: monthFirst ? 'mdy' : 'dmy', from: 'country', sure: true };
  }
  if (currency && !WEAK_CURRENCIES.has(currency)) {
    return { order: 'dmy', from: 'currency', sure: true };
  }
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  if (region) {
    return { order: MONTH_FIRST_REGIONS.has(region) ? 'mdy' : 'dmy', from: 'locale', sure: false };
  }
  if (currency === 'USD') return { order: 'mdy', from: 'currency', sure: false };
  return { order: 'dmy', from: 'default', sure: false };
}
