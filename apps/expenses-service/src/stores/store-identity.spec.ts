import { matchScore, mergeKeys, storeKeys, strongMatch } from './store-identity.js';
import { amountOfLabel, labelOfTotal, parsePrintedAmount } from './total-line.js';

const LIDL = `LIDL
Lidl Dienstleistung GmbH & Co. KG
Warburger Straße 130
33098 Paderborn
USt-IdNr.: DE 123 456 789
Tel. 05251 / 123456
www.lidl.de
Bananen 1,29
SUMME EUR 12,34
Kartenzahlung 12,34`;

describe('storeKeys', () => {
  it('reads the tax id, phone, web address, header lines, address and name', () => {
    const keys = storeKeys(LIDL, 'LIDL');
    expect(keys).toEqual(
      expect.arrayContaining([
        'tax:DE123456789',
        'phone:251123456',
        'web:lidl.de',
        'head:lidl',
        'head:lidldienstleistunggmbhcokg',
        'addr:warburgerstrasse130',
        'name:lidl',
      ]),
    );
  });

  it('takes the id after a label in other languages, and not an amount after a tax label', () => {
    expect(storeKeys('GST REG NO : 001234567890\nGST 6% 12.34 0.74')).toEqual(['tax:001234567890']);
    expect(storeKeys('NIP 525-000-12-34')).toEqual(['tax:5250001234']);
    expect(storeKeys('SR 6% GST 8.49 0.51')).toEqual([]);
    // The United Arab Emirates', Pakistan's, Kenya's, Iceland's and Taiwan's ids.
    expect(storeKeys('TRN 100012345600003')).toEqual(['tax:100012345600003']);
    expect(storeKeys('NTN: 1234567-8')).toEqual(['tax:12345678']);
    expect(storeKeys('KRA PIN P051234567X')).toEqual(['tax:P051234567X']);
    expect(storeKeys('Kennitala 491106-0780')).toEqual(['tax:4911060780']);
    expect(storeKeys('統一編號 12345678')).toEqual(['tax:12345678']);
  });

  it('reads a label that is also a word only when an id follows it', () => {
    expect(storeKeys('EIN: 12-3456789')).toEqual(['tax:123456789']);
    expect(storeKeys('EIN 12-3456789')).toEqual(['tax:123456789']);
    expect(storeKeys('TIN: 123-456-789-000')).toEqual(['tax:123456789000']);
    // A German sentence with a phone, a can on a shopping list, Spanish bread with its barcode.
    expect(storeKeys('Wir sind ein Team 0211 123456789')).toEqual([]);
    expect(storeKeys('TIN TOMATOES 5012345678901')).toEqual([]);
    expect(storeKeys('Pan Bimbo 7501030412345')).toEqual([]);
    // A word first, the real label after it on the same line.
    expect(storeKeys('Ein Beleg, USt-IdNr. 123456789')).toEqual(['tax:123456789']);
  });

  it('agrees on a phone written with or without its country code', () => {
    const local = storeKeys('Tel 030 12345678');
    const international = storeKeys('Phone: +49 30 12345678');
    expect(local).toEqual(['phone:012345678']);
    expect(international).toEqual(local);
  });

  it('keeps short phone numbers, dates and payment providers out', () => {
    expect(storeKeys('Tel 555-0142\nDate 12/03/2026\nPowered by sumup.com')).toEqual([]);
  });

  it('takes a header or name of two Chinese, Japanese or Korean characters', () => {
    expect(storeKeys('全家\n上海市徐汇区漕溪北路 88\n合计 35.50', '全家')).toEqual([
      'head:全家',
      'name:全家',
    ]);
  });

  it('reads a shop domain from a mail address', () => {
    expect(storeKeys('info@cafe-lumiere.co.uk')).toEqual(['web:cafe-lumiere.co.uk']);
  });
});

describe('matchScore', () => {
  const known = storeKeys(LIDL, 'LIDL');

  it('matches on one strong key, whatever the header says', () => {
    const other = storeKeys('L I D L\nUSt-IdNr.: DE123456789\nSUMME 3,00', 'L I D L');
    expect(matchScore(known, other)).toBeGreaterThanOrEqual(100);
    expect(strongMatch(known, other)).toBe(true);
  });

  it('needs two different weak values: a name alone, or an address alone, is not enough', () => {
    const sameName = storeKeys('LIDL\nSUMME 3,00', 'LIDL');
    expect(matchScore(known, sameName)).toBe(0);
    const sameAddress = storeKeys('BÄCKEREI KAMPS\nWarburger Straße 130\nSUMME 3,00', 'KAMPS');
    expect(matchScore(known, sameAddress)).toBe(0);
    const nameAndAddress = storeKeys('LIDL\nWarburger Straße 130\nSUMME 3,00', 'LIDL');
    expect(matchScore(known, nameAndAddress)).toBe(2);
    expect(strongMatch(known, nameAndAddress)).toBe(false);
  });

  it('keeps strong keys first when merging, at most 40', () => {
    const many = Array.from({ length: 50 }, (_, i) => `head:line${i}`);
    const merged = mergeKeys(many, ['tax:DE1']);
    expect(merged[0]).toBe('tax:DE1');
    expect(merged).toHaveLength(40);
  });
});

describe('total line', () => {
  it('parses amounts in every convention', () => {
    expect(parsePrintedAmount('12,34')).toBe('12.34');
    expect(parsePrintedAmount('1.234,50')).toBe('1234.50');
    expect(parsePrintedAmount('52,000')).toBe('52000.00');
    expect(parsePrintedAmount('421.000')).toBe('421000.00');
    expect(parsePrintedAmount('9')).toBe('9.00');
    expect(parsePrintedAmount('1.2345')).toBeNull();
  });

  it('finds the label of the corrected total and the amount on that label later', () => {
    expect(labelOfTotal(LIDL, '12.34')).toBe('summeeur');
    expect(amountOfLabel('LIDL\nSUMME EUR 7,10\nBar 10,00', 'summeeur')).toBe('7.10');
    expect(amountOfLabel('LIDL\nTOTAL 7,10', 'summeeur')).toBeNull();
  });

  it("takes two Chinese, Japanese or Korean characters for a label, and India's lakhs", () => {
    expect(labelOfTotal('ローソン\n小計 ¥1,164\n合計 ¥1,280', '1280.00')).toBe('合計');
    const korean = labelOfTotal('GS25\n합계 5,400', '5400.00');
    expect(korean).not.toBeNull();
    expect(amountOfLabel('GS25\n합계 6,100', korean ?? '')).toBe('6100.00');
    expect(labelOfTotal('Croma\nNet Amount Rs. 1,24,990.00', '124990.00')).toBe('netamountrs');
  });
});
