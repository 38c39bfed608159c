import { describe, expect, it } from '@jest/globals';
import type { ExportRow } from '../../expenses/export-rows.messages.js';
import { expenseCsvHeader, expenseCsvRow } from './expense-csv.js';

const row = (money: Partial<Record<'currency' | 'rate' | 'into' | 'source' | 'date', string>>) =>
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
  ] satisfies ExportRow;

describe('the expense CSV', () => {
  it("keeps the spec's columns first and names the home currency last", () => {
    expect(expenseCsvHeader('EUR').slice(-4)).toEqual([
      'Confidence',
      'Exchange rate',
      'Rate source',
      'Amount in EUR',
    ]);
  });

  it('says where each rate came from, without its padding', () => {
    const entered = { rate: '0.2142000000', into: 'USD', source: 'user' };
    expect(expenseCsvRow('USD', row(entered)).slice(-3)).toEqual(['0.2142', 'Entered', '9.66']);
    const fetched = { rate: '0.2142000000', into: 'USD', source: 'provider', date: '2026-11-19' };
    expect(expenseCsvRow('USD', row(fetched)).slice(-3)).toEqual([
      '0.2142',
      'Rates source 2026-11-19',
      '9.66',
    ]);
  });

  it('leaves the conversion empty without a rate into the home currency', () => {
    expect(expenseCsvRow('USD', row({})).slice(-3)).toEqual(['', '', '']);
    const stale = { rate: '0.2000000000', into: 'EUR', source: 'user' };
    expect(expenseCsvRow('USD', row(stale)).slice(-3)).toEqual(['', '', '']);
    expect(expenseCsvRow('MYR', row({})).slice(-1)).toEqual(['45.10']);
  });
});
