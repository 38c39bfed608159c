import { describe, expect, it } from '@jest/globals';
import { linesAreRows } from './lines-are-rows.js';

const line = (text: string, width: number, height: number, slope?: number) => ({
  text,
  confidence: 0.95,
  box: { x: 10, y: 10, width, height },
  slope,
});

describe('linesAreRows', () => {
  it('takes lines of text one character high for rows', () => {
    expect(
      linesAreRows([
        line('SMART TRAVEL', 260, 30),
        line('Total 890.00', 600, 28),
        line('ITEMS:1', 140, 26),
      ]),
    ).toBe(true);
  });

  it('takes a row on a tilted photo for a row: the tilt is not its height', () => {
    // 40 characters 24 px high on a baseline falling 0.3 px per px: its box is 204 px high.
    expect(linesAreRows([line('PACK-IT ISOLATE COMPRESSION C... 890.00', 600, 204, 0.3)])).toBe(
      true,
    );
    expect(linesAreRows([line('PACK-IT ISOLATE COMPRESSION C... 890.00', 600, 204)])).toBe(false);
  });

  it('takes columns of words joined, as a page read a quarter turned gives, for no rows', () => {
    // The upright Thai receipt read turned: three "lines" holding every row's words.
    const columns = [
      line(
        'VAT7.00% Credltcard:3313xxxxx00x Tota........ ITEMS:1 810101614200@890 PACK-IT',
        918,
        460,
        0.14,
      ),
      line(
        'within 7 days afte Merchandlses can + -TAXINVOICE(ABB) POSID:E010030002A6192',
        880,
        420,
        0.12,
      ),
      line('VAT INC', 60, 140),
    ];
    expect(linesAreRows(columns)).toBe(false);
  });

  it('weighs lines by their characters: a few tall short lines do not decide', () => {
    const rows = [line('Kartenzahlung EUR 15,40', 500, 26), line('Summe 15,40', 260, 28)];
    expect(linesAreRows([...rows, line('1', 30, 90), line('|', 8, 60)])).toBe(true);
  });

  it('says rows when the engine gave no boxes', () => {
    expect(linesAreRows(undefined)).toBe(true);
    expect(linesAreRows([{ text: 'TOTAL 9.50', confidence: 0.9 }])).toBe(true);
  });
});
