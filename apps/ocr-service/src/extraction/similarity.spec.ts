import { describe, expect, it } from '@jest/globals';
import { levenshtein, normalizeVendor, similarity } from './similarity.js';

describe('similarity', () => {
  it('computes edit distances', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(similarity('', '')).toBe(1);
    expect(similarity('ABCD', 'ABCE')).toBe(0.75);
  });

  it('normalises vendor names for comparison', () => {
    expect(normalizeVendor(' Mr. D.I.Y.  (M) Sdn Bhd ')).toBe('MR D I Y M SDN BHD');
    // Every script's letters are a name's: none of these is blank.
    expect(normalizeVendor('ТОВ «Сільпо-Фуд»')).toBe('ТОВ СІЛЬПО ФУД');
    expect(normalizeVendor('Lékárna Na Příkopě')).toBe('LÉKÁRNA NA PŘÍKOPĚ');
    expect(normalizeVendor('롯데슈퍼')).toBe('롯데슈퍼');
  });
});
