import type { CurrencyTotals } from '@snaptrack/contracts/core';
import { formatMoney } from './format';

/** What a total card shows: one amount, and a line saying what it is when not obvious. */
export interface TotalsDisplay {
  total: string;
  average: string;
  /** Null for an account whose period is all in its home currency. */
  note: string | null;
}

/**
 * Totals are never added across currencies: the converted total when every foreign expense
 * has a rate (and it says so), otherwise the home currency's own, with the others listed
 * beside it.
 */
export function totalsDisplay(data: CurrencyTotals): TotalsDisplay {
  const home = data.home_currency;
  if (data.converted) {
    return {
      total: formatMoney(data.converted.total, home),
      average: formatMoney(data.converted.average, home),
      note: `Converted to ${home} at your rates`,
    };
  }
  const [own, ...others] = data.totals;
  return {
    total: formatMoney(own?.total ?? 0, home),
    average: formatMoney(own?.average ?? 0, home),
    note: others.length
      ? `${home} only; also ${others.map((other) => formatMoney(other.total, other.currency)).join(', ')}`
      : null,
  };
}
