import { describe, expect, it } from '@jest/globals';
import { chainAtStart } from './chain-at-start.js';

describe('chainAtStart', () => {
  it("reads a chain's name opening a line, and the words after it", () => {
    expect(chainAtStart('Starbucks Chatham Station', 'GB')).toEqual({
      name: 'Starbucks',
      rest: 'Chatham Station',
    });
    expect(chainAtStart('SHELL TANJUNGBARAT', 'ID')).toEqual({
      name: 'Shell',
      rest: 'TANJUNGBARAT',
    });
    expect(chainAtStart('EDEKA Franeck Potsdam 193', 'DE')?.name).toMatch(/^edeka$/i);
  });

  it('needs the country, a chain trading there, and more words after it', () => {
    expect(chainAtStart('Starbucks Chatham Station', null)).toBeNull();
    expect(chainAtStart('Countdown Queen Street', 'DE')).toBeNull(); // Countdown is New Zealand's
    expect(chainAtStart('Starbucks', 'GB')).toBeNull();
  });

  it('takes a chain only printed word for word, never a receipt word or a short name', () => {
    expect(chainAtStart('MARCO POLO ORTIGAS MANILA', 'PH')).toBeNull(); // not Marc O'Polo
    expect(chainAtStart('HOME MASTER HARDWARE', 'MY')).toBeNull(); // not @Home
    expect(chainAtStart('TOTAL 12.50', 'FR')).toBeNull(); // TotalEnergies' old name
    expect(chainAtStart('dm drogerie', 'DE')).toBeNull();
  });
});
