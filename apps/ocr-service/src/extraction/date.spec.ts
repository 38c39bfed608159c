import { describe, expect, it } from '@jest/globals';
import { extractDate, type DateOptions } from './date.js';
import { toTextLines } from './text-lines.js';

const dmy: DateOptions = { order: 'dmy', referenceDate: new Date('2024-06-01T00:00:00Z') };
const mdy: DateOptions = { ...dmy, order: 'mdy' };
const date = (text: string, options = dmy) => extractDate(toTextLines(text), options).value;

describe('extractDate', () => {
  it.each([
    ['Date: 25/12/2018 8:13:39 PM', '2018-12-25'],
    ['25-12-18', '2018-12-25'],
    ['Datum: 08.03.2024 14:22', '2024-03-08'],
    ['2016/05/01 10:22', '2016-05-01'],
    ['2023-11-30T10:00', '2023-11-30'],
    ['09 Jun 2018 18:23', '2018-06-09'],
    ['9-JUN-18', '2018-06-09'],
    ['OCT 3, 2016', '2016-10-03'],
    ['June 9th 2018', '2018-06-09'],
    ['14 MAC 2019', '2019-03-14'],
    ['Date：14/03/20189:21:07PM', '2018-03-14'],
    ['Date : 25 / 12 / 2018', '2018-12-25'],
    // Paddle glues the time to a two-digit year, and OCR reads O as 0 in month names.
    ['01/03/1819:14 Slip No.: 0010104733', '2018-03-01'],
    ['DATE :100CT2017 TUE', '2017-10-10'],
    ['Date: 0ct 3.2016 12:16:25 PM', '2016-10-03'],
    ['ORD #18-REG #19-21/03/2018 19:53:23', '2018-03-21'],
  ])('reads %s', (text, expected) => {
    expect(date(text)).toBe(expected);
  });

  it('settles the order when one part is above 12, whatever the preference', () => {
    expect(date('13/05/2018', mdy)).toBe('2018-05-13');
    expect(date('05/13/2018', dmy)).toBe('2018-05-13');
  });

  it('uses the preferred order for an ambiguous date and says it is less sure', () => {
    const lines = toTextLines('Date 03/04/2024');
    const dayFirst = extractDate(lines, dmy);
    const monthFirst = extractDate(lines, mdy);
    expect(dayFirst.value).toBe('2024-04-03');
    expect(monthFirst.value).toBe('2024-03-04');
    expect(dayFirst.confidence).toBeLessThan(
      extractDate(toTextLines('Date 13/04/2024'), dmy).confidence,
    );
  });

  it('rejects impossible and implausible dates', () => {
    expect(date('31/02/2018')).toBeNull();
    expect(date('32/01/2018')).toBeNull();
    expect(date('00/12/2018')).toBeNull();
    expect(date('01/01/1850')).toBeNull();
    expect(date('01/01/2099')).toBeNull();
  });

  it('prefers the labelled purchase date over an expiry or due date', () => {
    const text = 'Valid until 30/06/2024\nDate: 12/05/2024 10:00\nExp 05/2026';
    expect(date(text)).toBe('2024-05-12');
  });

  it('does not take prices for dates', () => {
    expect(date('2 x 1.50 3.00\nTOTAL 12.50')).toBeNull();
  });

  it('returns null with zero confidence when there is no date', () => {
    expect(extractDate(toTextLines('TOTAL 5.00'), dmy)).toEqual({ value: null, confidence: 0 });
  });
  it('reads a date whose dash OCR turned into a tilde', () => {
    expect(date('Date : 20~06-2018 13:11:45')).toBe('2018-06-20');
    expect(date('2018~06~20')).toBe('2018-06-20');
  });
});
