/**
 * Money in more than one currency (docs/api.md, Currencies). Every expense keeps its own ISO
 * 4217 currency; each account has a home currency. Totals are never summed across currencies:
 * they come per currency, and as one converted total only where every foreign expense carries
 * a rate into the home currency.
 */

/** The home currency of an account that never set one, and the spec's summary currency. */
export const DEFAULT_HOME_CURRENCY = 'USD';

/**
 * An exchange rate is home-currency units for one unit of the expense's currency, stored as
 * numeric(17,10): above zero, at most a million, at most ten decimals.
 */
export const ExchangeRateLimits = { max: 1_000_000, maxDecimals: 10 } as const;

export const CurrencyMessages = {
  invalidCode: 'Currency must be an ISO 4217 code such as USD, EUR or MYR.',
  invalidRate: `Exchange rate must be a number above 0 and at most ${ExchangeRateLimits.max.toLocaleString('en-US')}, with at most ${ExchangeRateLimits.maxDecimals} decimals.`,
  rateForHomeCurrency:
    'An exchange rate is only for an expense in another currency than your home currency.',
} as const;

let knownCodes: ReadonlySet<string> | undefined;

/** The ISO 4217 codes this runtime knows (its ICU data), upper case. */
export function currencyCodes(): ReadonlySet<string> {
  knownCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCodes;
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && currencyCodes().has(value);
}

/** A rate within ExchangeRateLimits. */
export function isExchangeRate(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (value <= 0 || value > ExchangeRateLimits.max) return false;
  return Number(value.toFixed(ExchangeRateLimits.maxDecimals)) === value;
}

/** One currency's part of a period: its total, how many expenses, their average. */
export interface CurrencyTotal {
  /** ISO 4217 code. */
  currency: string;
  total: number;
  count: number;
  average: number;
}

/**
 * The per-currency totals of a summary or statistics response: home currency first, then the
 * others by code. `converted` is the whole period in the home currency, present only when
 * there are foreign expenses and every one has a rate into the home currency.
 */
export interface CurrencyTotals {
  home_currency: string;
  /** Expenses in the period, all currencies. */
  count: number;
  totals: CurrencyTotal[];
  converted: CurrencyTotal | null;
  /** Expenses in another currency without a rate into the home currency. */
  unconverted_count: number;
}

/** GET/PUT /api/user/currency. */
export interface HomeCurrency {
  home_currency: string;
  /** False until the account (or the browser at first sign-in) chose one; USD until then. */
  home_currency_set: boolean;
  /**
   * The account's BCP 47 locale (the browser's at the first signed-in visit, or chosen in
   * Settings): how receipts without one of their own (mailed ones) are read. Null until set.
   */
  locale: string | null;
}

export interface HomeCurrencyResponse extends HomeCurrency {
  success: true;
}

/** PUT /api/user/currency. */
export interface HomeCurrencyChange {
  home_currency: string;
  /**
   * Only when the account has none yet: the browser sends its locale's currency at first
   * sign-in with this set, so a choice made in Settings is never overwritten.
   */
  only_if_unset?: boolean;
  /** BCP 47 (`de-DE`, `en-MY`); with `only_if_unset`, stored only when the account has none. */
  locale?: string;
}

export const LocaleMessages = {
  invalid: 'Locale must be a BCP 47 language tag such as en-US, de-DE or ms-MY.',
} as const;
