import { describe, expect, it } from '@jest/globals';
import { ratesIn } from './percent.js';

describe('ratesIn', () => {
  it('reads the rates a line prints, where they are printed', () => {
    expect(ratesIn('MwSt 19,00 % 3,19')).toEqual([{ value: 19, index: 5, length: 7 }]);
    expect(ratesIn('MO TAX 8.4750% 1.23').map((r) => r.value)).toEqual([8.475]);
    expect(ratesIn('A 7% B 19%').map((r) => r.value)).toEqual([7, 19]);
  });

  it('reads no rate at the end of a longer number', () => {
    expect(ratesIn('1.25% off 100%')).toEqual([{ value: 1.25, index: 0, length: 5 }]);
    expect(ratesIn('12.345,67%')).toEqual([]);
  });
});
