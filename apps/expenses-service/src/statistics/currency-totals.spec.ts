import { describe, expect, it } from '@jest/globals';
import { currencyTotalsJson, homeAmount, toCurrencyTotals } from './currency-totals.js';
import { statisticsSql, summarySql } from './statistics.sql.js';

const row = {
  count: 3,
  totals: [
    { currency: 'USD', total: 100, count: 1, average: 100 },
    { currency: 'EUR', total: 20, count: 1, average: 20 },
    { currency: 'MYR', total: 45.1, count: 1, average: 45.1 },
  ],
  foreign_count: 2,
  unconverted_count: 1,
  converted_total: 122,
  converted_average: 40.67,
};

describe('toCurrencyTotals', () => {
  it('gives no converted total while a foreign expense has no rate', () => {
    expect(toCurrencyTotals(row, 'USD')).toEqual({
      home_currency: 'USD',
      count: 3,
      totals: row.totals,
      converted: null,
      unconverted_count: 1,
    });
  });

  it('gives the converted total once every foreign expense has a rate', () => {
    expect(toCurrencyTotals({ ...row, unconverted_count: 0 }, 'USD').converted).toEqual({
      currency: 'USD',
      total: 122,
      count: 3,
      average: 40.67,
    });
  });

  it('gives none for an account all in its home currency: its own total is the total', () => {
    const home = { ...row, count: 1, totals: [row.totals[0]], foreign_count: 0 };
    expect(toCurrencyTotals({ ...home, unconverted_count: 0 }, 'USD').converted).toBeNull();
  });

  it('puts the home currency first, with zeros when the period has none of it', () => {
    const foreign = { ...row, totals: row.totals.slice(1), count: 2 };
    expect(toCurrencyTotals(foreign, 'USD').totals).toEqual([
      { currency: 'USD', total: 0, count: 0, average: 0 },
      ...row.totals.slice(1),
    ]);
    expect(toCurrencyTotals({ ...row, totals: [], count: 0 }, 'JPY').totals).toEqual([
      { currency: 'JPY', total: 0, count: 0, average: 0 },
    ]);
  });
});

describe('the currency SQL', () => {
  it('takes an amount in the home currency as itself, a rated one converted, others as NULL', () => {
    expect(homeAmount('d', '$1', { amount: 'total', converted: 'd."converted"' })).toMatch(
      /CASE WHEN d\."currency" = \$1 THEN d\."total"\s+WHEN d\."rate_currency" = \$1 THEN d\."converted" END/,
    );
  });

  it('sums each currency alone before summing across, and only amounts in the home currency', () => {
    const sql = currencyTotalsJson('base', '$2');
    expect(sql).toMatch(/FROM base s GROUP BY 1/);
    expect(sql).toContain('sum(c."in_home")');
    // The only sum over the grouped rows of several currencies is of home-currency amounts.
    const across = sql.slice(0, sql.indexOf('FROM ('));
    expect(across.match(/sum\(c\."(\w+)"\)/g)).toEqual([
      'sum(c."count")',
      'sum(c."count")',
      'sum(c."unconverted")',
      'sum(c."in_home")',
      'sum(c."in_home")',
      'sum(c."count")',
    ]);
  });

  it('passes the home currency as a parameter', () => {
    const range = { start: '2026-01-01', end: '2026-01-31' };
    expect(summarySql('user-1', range, 'MYR').params).toEqual([
      'MYR',
      'user-1',
      '2026-01-01',
      '2026-01-31',
    ]);
    const statistics = statisticsSql('user-1', range, '2026-01-31', 'EUR');
    expect(statistics.params.slice(0, 2)).toEqual(['user-1', 'EUR']);
    expect(statistics.sql).not.toMatch(/sum\(b\."total"\)|sum\(d\."total"\)/);
  });
});
