import { describe, expect, it } from '@jest/globals';
import { compactSimilarity, respace } from './respace.js';

describe('respace', () => {
  it.each([
    [
      'OJCMARKETINGSDNBHD',
      'OJC MARKETING SDN BHD',
      'OJCMARKETINGSDNBHD'.length,
      'OJC MARKETING SDN BHD',
    ],
    // Paddle's characters win; tesseract only lends the word breaks.
    ['SANYUSTATIONERYSHOP', 'SANYU STAT1ONERY SH0P', 0, 'SANYU STATIONERY SHOP'],
    [
      'BOOK TA K(TAMAN DAYA)SDN BHD',
      'BOOK TA .K (TAMAN DAYA) SDN BHD',
      0,
      'BOOK TA K (TAMAN DAYA) SDN BHD',
    ],
    // An extra character in the reference between two words still carries the break.
    ['ABCDEF', 'ABC - DEF', 0, 'ABC DEF'],
  ])('respaces %s with %s', (text, reference, _unused, expected) => {
    expect(respace(text, reference)).toBe(expected);
  });

  it('keeps spaces the text already has and adds none at the ends', () => {
    expect(respace('HELLO WORLD', 'HELLOWORLD ')).toBe('HELLO WORLD');
  });
});

describe('compactSimilarity', () => {
  it('ignores spaces and case', () => {
    expect(compactSimilarity('OJCMARKETINGSDNBHD', 'ojc marketing sdn bhd')).toBe(1);
    expect(compactSimilarity('ABCD', 'ABXD')).toBe(0.75);
    expect(compactSimilarity('', '')).toBe(1);
  });
});
