import { z } from 'zod';
import { ExchangeRateLimits, isCurrencyCode } from '@snaptrack/contracts';

/**
 * One day's rates from the rates source, as the Frankfurter API (and anything that copies its
 * format) answers `GET /latest`: units of each currency for one unit of `base`, published
 * on `date` (the ECB's reference rates, by default).
 */
export interface RatesTable {
  base: string;
  /** YYYY-MM-DD. */
  date: string;
  rates: ReadonlyMap<string, number>;
}

/**
 * Bounds far outside any real rate against one base (the largest today are around 10^5): a
 * value beyond them is an error or an attack, and the whole answer is refused.
 */
const PLAUSIBLE = { min: 1e-6, max: 1e8 } as const;

const code = z.string().refine(isCurrencyCode, 'not an ISO 4217 code');
const rate = z.number().finite().min(PLAUSIBLE.min).max(PLAUSIBLE.max);

const frankfurterLatest = z.object({
  // Frankfurter answers `amount` 1 unless asked for another; rates for other amounts are not rates.
  amount: z.literal(1).optional(),
  base: code,
  date: z.iso.date(),
  // Keys are ISO codes (a few hundred at most) and the body is capped (MAX_RATES_BYTES).
  rates: z.record(code, rate),
});

/**
 * Parses and checks a rates source's answer: every code ISO 4217, every rate a plausible
 * positive finite number, the date a real date not in the future. Anything else refuses the
 * whole answer (one bad value says the rest cannot be trusted either): the reason is thrown.
 */
export function parseRatesTable(body: unknown, today: string): RatesTable {
  const parsed = frankfurterLatest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid rates: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const { base, date, rates } = parsed.data;
  if (date > today) throw new Error(`invalid rates: date ${date} is in the future`);
  return { base, date, rates: new Map([...Object.entries(rates), [base, 1]]) };
}

/**
 * Units of `into` for one unit of `from` by way of the table's base, rounded to the stored
 * ten decimals; null when the table lacks either currency or the rate falls outside what an
 * expense may store.
 */
export function crossRate(table: RatesTable, from: string, into: string): number | null {
  const fromRate = table.rates.get(from);
  const intoRate = table.rates.get(into);
  if (fromRate === undefined || intoRate === undefined) return null;
  const value = Number((intoRate / fromRate).toFixed(ExchangeRateLimits.maxDecimals));
  return value > 0 && value <= ExchangeRateLimits.max ? value : null;
}
