import { describe, expect, it } from '@jest/globals';
import { totalsDisplay } from './currency-totals';

const usd = { currency: 'USD', total: 100, count: 2, average: 50 };
const myr = { currency: 'MYR', total: 45.1, count: 1, average: 45.1 };

describe('totalsDisplay', () => {
  it('shows the home currency alone without a note', () => {
    expect(
      totalsDisplay({
        home_currency: 'USD',
        count: 2,
        totals: [usd],
        converted: null,
        unconverted_count: 0,
      }),
    ).toEqual({ total: '$100.00', average: '$50.00', note: null });
  });

  it('lists the other currencies beside the home total, never added to it', () => {
    expect(
      totalsDisplay({
        home_currency: 'USD',
        count: 3,
        totals: [usd, myr],
        converted: null,
        unconverted_count: 1,
      }),
    ).toEqual({ total: '$100.00', average: '$50.00', note: 'USD only; also MYR\u00a045.10' });
  });

  it('shows the converted total and says so', () => {
    expect(
      totalsDisplay({
        home_currency: 'USD',
        count: 3,
        totals: [usd, myr],
        converted: { currency: 'USD', total: 110.5, count: 3, average: 36.83 },
        unconverted_count: 0,
      }),
    ).toEqual({ total: '$110.50', average: '$36.83', note: 'Converted to USD at your rates' });
  });
});
