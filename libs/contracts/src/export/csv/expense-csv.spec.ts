import { describe, expect, it } from '@jest/globals';
import type { TaxLine } from '../../core/expenses/tax.js';
import type { ExportRow } from '../../expenses/export-rows.messages.js';
import { expenseCsvHeader, expenseCsvRow } from './expense-csv.js';

const row = (
  money: Partial<Record<'currency' | 'rate' | 'into' | 'source' | 'date', string>>,
  tax: { amount: string; lines: TaxLine[] | null } | null = null,
  currencyAssumed = false,
) =>
  [
    '2026-11-20',
    'Kedai',
    '45.10',
    money.currency ?? 'MYR',
    null,
    [],
    null,
    'image',
    0.9,
    money.rate ?? null,
    money.into ?? null,
    (money.source as 'user' | 'provider' | undefined) ?? null,
    money.date ?? null,
    money.rate ? '9.66' : null,
    tax?.amount ?? null,
    tax?.lines ?? null,
    currencyAssumed,
  ] satisfies ExportRow;

/** The currency columns: rate, rate source, amount in the home currency. */
const money = (cells: string[]) => cells.slice(9, 12);

describe('the expense CSV', () => {
  it("keeps the spec's columns first and names the home currency last", () => {
    expect(expenseCsvHeader('EUR').slice(8)).toEqual([
      'Confidence',
      'Exchange rate',
      'Rate source',
      'Amount in EUR',
      'Tax',
      'Tax rates',
      'Currency assumed',
    ]);
  });

  it('says where each rate came from, without its padding', () => {
    const entered = { rate: '0.2142000000', into: 'USD', source: 'user' };
    expect(money(expenseCsvRow('USD', row(entered)))).toEqual(['0.2142', 'Entered', '9.66']);
    const fetched = { rate: '0.2142000000', into: 'USD', source: 'provider', date: '2026-11-19' };
    expect(money(expenseCsvRow('USD', row(fetched)))).toEqual([
      '0.2142',
      'Rates source 2026-11-19',
      '9.66',
    ]);
  });

  it('leaves the conversion empty without a rate into the home currency', () => {
    expect(money(expenseCsvRow('USD', row({})))).toEqual(['', '', '']);
    const stale = { rate: '0.2000000000', into: 'EUR', source: 'user' };
    expect(money(expenseCsvRow('USD', row(stale)))).toEqual(['', '', '']);
    expect(money(expenseCsvRow('MYR', row({})))[2]).toBe('45.10');
  });

  it('carries the tax and its rates, and leaves them empty when unknown', () => {
    const lines = [
      { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
      { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
    ];
    const cells = expenseCsvRow('EUR', row({ currency: 'EUR' }, { amount: '4.61', lines }));
    expect(cells.slice(-3, -1)).toEqual(['4.61', '19% 3.87; 7% 0.74']);
    const sumOnly = expenseCsvRow(
      'USD',
      row({}, { amount: '0.82', lines: [{ rate: null, tax: 0.82, net: null, gross: null }] }),
    );
    expect(sumOnly.slice(-3, -1)).toEqual(['0.82', '0.82']);
    expect(expenseCsvRow('MYR', row({})).slice(-3, -1)).toEqual(['', '']);
  });

  it('marks a currency assumed, not read, in its own column', () => {
    expect(expenseCsvRow('MYR', row({}, null, true)).at(-1)).toBe('Yes');
    expect(expenseCsvRow('MYR', row({})).at(-1)).toBe('');
  });
});
