import type { CurrencyTotal, CurrencyTotals } from '@snaptrack/contracts';

/**
 * What `currencyTotalsJson` selects: the per-currency sums, and the home-currency sum of the
 * expenses that have one (in the home currency, or with a rate into it).
 */
export interface CurrencyTotalsRow {
  count: number;
  totals: CurrencyTotal[];
  /** Expenses not in the home currency. */
  foreign_count: number;
  /** Of those, the ones without a rate into the home currency. */
  unconverted_count: number;
  converted_total: number | null;
  converted_average: number | null;
}

/**
 * The expression for an amount in the home currency `home` (a parameter) of a row of the
 * running totals (`total`, `converted`) or an expense (`amount`, `exchange_rate`): its own
 * amount in the home currency, the converted amount with a rate into it, NULL otherwise (which
 * `sum` skips).
 */
export function homeAmount(
  alias: string,
  home: string,
  columns: { amount: string; converted: string },
): string {
  return `CASE WHEN ${alias}."currency" = ${home} THEN ${alias}."${columns.amount}"
    WHEN ${alias}."rate_currency" = ${home} THEN ${columns.converted} END`;
}

/**
 * One JSON object (`CurrencyTotalsRow`) over `source`, rows of running totals with
 * `currency`, `rate_currency`, `total`, `count` and `converted`. Never sums two currencies:
 * each currency is summed alone, and only amounts in the home currency (own or converted) are
 * summed across.
 */
export function currencyTotalsJson(source: string, home: string): string {
  const inHome = homeAmount('s', home, { amount: 'total', converted: 's."converted"' });
  return `(SELECT json_build_object(
      'count', coalesce(sum(c."count"), 0),
      'totals', coalesce(json_agg(json_build_object('currency', c."currency",
        'total', c."total", 'count', c."count", 'average', round(c."total" / c."count", 2))
        ORDER BY c."currency" = ${home} DESC, c."currency"), '[]'::json),
      'foreign_count', coalesce(sum(c."count") FILTER (WHERE c."currency" <> ${home}), 0),
      'unconverted_count', coalesce(sum(c."unconverted"), 0),
      'converted_total', round(sum(c."in_home"), 2),
      'converted_average', round(sum(c."in_home") / nullif(sum(c."count"), 0), 2))
    FROM (
      SELECT s."currency", sum(s."total") AS "total", sum(s."count") AS "count",
        sum(s."count") FILTER (WHERE s."currency" <> ${home}
          AND s."rate_currency" IS DISTINCT FROM ${home}) AS "unconverted",
        sum(${inHome}) AS "in_home"
      FROM ${source} s GROUP BY 1 HAVING sum(s."count") > 0
    ) c)`;
}

/**
 * The contract's totals: home currency first (with zeros when the period has none of it),
 * and the converted total only when there are foreign expenses and every one has a rate.
 */
export function toCurrencyTotals(row: CurrencyTotalsRow, home: string): CurrencyTotals {
  const totals = row.totals.map((total) => ({
    currency: total.currency,
    total: Number(total.total),
    count: Number(total.count),
    average: Number(total.average),
  }));
  if (totals[0]?.currency !== home)
    totals.unshift({ currency: home, total: 0, count: 0, average: 0 });
  const convertible = row.foreign_count > 0 && row.unconverted_count === 0;
  return {
    home_currency: home,
    count: Number(row.count),
    totals,
    converted: convertible
      ? {
          currency: home,
          total: Number(row.converted_total ?? 0),
          count: Number(row.count),
          average: Number(row.converted_average ?? 0),
        }
      : null,
    unconverted_count: Number(row.unconverted_count),
  };
}
