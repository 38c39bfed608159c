import { describe, expect, it } from '@jest/globals';
import { SearchLimits, highlightParts, parseSearchQuery } from './expense-search.js';

describe('parseSearchQuery', () => {
  it('reads words and amounts', () => {
    expect(parseSearchQuery('Coffee  <10 latte-art 42.50 >= 100 =7 $5.00 42')).toEqual({
      words: ['coffee', 'latte', 'art', '42'],
      amounts: [
        { op: '<', value: 10 },
        { op: '=', value: 42.5 },
        { op: '>=', value: 100 },
        { op: '=', value: 7 },
        { op: '=', value: 5 },
      ],
    });
    expect(parseSearchQuery('42,5')).toEqual({ words: [], amounts: [{ op: '=', value: 42.5 }] });
  });

  it('keeps only letters and digits of words, so nothing reaches SQL as syntax', () => {
    expect(parseSearchQuery("x' OR 1=1; -- :* & | ! ( % _ \\")?.words).toEqual(['x', 'or', '1']);
    expect(parseSearchQuery('%')).toEqual({ words: [], amounts: [] });
    expect(parseSearchQuery(undefined)).toEqual({ words: [], amounts: [] });
  });

  it('takes too large an amount as words, and refuses too many words', () => {
    expect(parseSearchQuery('>99999999999')?.amounts).toEqual([]);
    const many = Array.from({ length: SearchLimits.maxWords + 1 }, (_, i) => `w${i}`).join(' ');
    expect(parseSearchQuery(many)).toBeNull();
  });
});

describe('highlightParts', () => {
  it('marks the start of words, and inside a word for partial names', () => {
    expect(highlightParts('Starbucks Coffee', ['cof', 'bucks'])).toEqual([
      { text: 'Star', hit: false },
      { text: 'bucks', hit: true },
      { text: ' ', hit: false },
      { text: 'Cof', hit: true },
      { text: 'fee', hit: false },
    ]);
    expect(highlightParts('Müller', ['mül'])).toEqual([
      { text: 'Mül', hit: true },
      { text: 'ler', hit: false },
    ]);
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', hit: false }]);
  });
});
