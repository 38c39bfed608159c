import { describe, expect, it } from '@jest/globals';
import { toPrefixTsQuery } from './search-query.js';

describe('toPrefixTsQuery', () => {
  it('makes every word a required prefix', () => {
    expect(toPrefixTsQuery('Forward  RECEIPT emails')).toBe('forward:* & receipt:* & emails:*');
  });

  it('drops tsquery syntax and punctuation', () => {
    expect(toPrefixTsQuery("pdf' | !export & (csv):*")).toBe('pdf:* & export:* & csv:*');
  });

  it('returns null when nothing searchable is left', () => {
    expect(toPrefixTsQuery('  ?!  ')).toBeNull();
  });

  it('keeps at most eight distinct words', () => {
    expect(toPrefixTsQuery('a a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });
});
