import { describe, expect, it } from '@jest/globals';
import { extractDate, type DateOptions } from './date.js';
import { toTextLines } from './text-lines.js';

// Read at the end of 2025: every date of the examples lies before it.
const dmy: DateOptions = { order: 'dmy', referenceDate: new Date('2025-12-31T00:00:00Z') };
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
    // A label's dot touching the date.
    ['Dat.31.08.2015 Zeit19:22:02', '2015-08-31'],
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

  it("takes no date of an invoice's payment terms", () => {
    // The cash-discount deadline, unambiguous, was the date at 0.99 over an ambiguous one.
    const skonto = 'Rechnung 4711 vom 05.09.2024\nBei Zahlung bis 15.09.2024 2% Skonto';
    expect(date(skonto)).toBe('2024-09-05');
    expect(date('Rechnung vom 05.09.2024\nZahlbar bis 28.09.2024 ohne Abzug')).toBe('2024-09-05');
    expect(date('Invoice 05/09/2024\nPayable by 28/09/2024')).toBe('2024-09-05');
  });

  it('does not take prices for dates', () => {
    expect(date('2 x 1.50 3.00\nTOTAL 12.50')).toBeNull();
    expect(date('Milch 2.5.99\nTOTAL 12.50')).toBeNull();
  });

  it('takes no date of a range of days and its year', () => {
    // "Mar 12 – 15, 2025" on an e-mailed stay was 15 December 2025, at 0.99.
    expect(date('Mar 12 - 15, 2025\nPayment received March 1, 2025', mdy)).toBe('2025-03-01');
    expect(date('Stay 12 - 15, 2025', mdy)).toBeNull();
    // One dot read as a comma is still a date.
    expect(date('17,01.2024')).toBe('2024-01-17');
  });

  it('reads a one-digit day with a two-digit year before a time or after a date label', () => {
    // A German till's "5.3.25 10:22" was not read (the date left to the user).
    expect(date('EDEKA\n5.3.25 10:22\nSUMME 12,40')).toBe('2025-03-05');
    expect(date('EDEKA\nDatum: 5.3.25\nSUMME 12,40')).toBe('2025-03-05');
  });

  it('returns null with zero confidence when there is no date', () => {
    expect(extractDate(toTextLines('TOTAL 5.00'), dmy)).toEqual({
      value: null,
      confidence: 0,
      basis: null,
      line: null,
    });
  });
  it('reads a date whose dash OCR turned into a tilde', () => {
    expect(date('Date : 20~06-2018 13:11:45')).toBe('2018-06-20');
    expect(date('2018~06~20')).toBe('2018-06-20');
  });

  it.each([
    ['Datum: 15. März 2024 10:12', '2024-03-15'],
    ['Mo 04.11.24 18:03', '2024-11-04'],
    ['Le 1er février 2024 à 12:30', '2024-02-01'],
    ['15 déc. 2023', '2023-12-15'],
    ['Fecha: 3 de marzo de 2024', '2024-03-03'],
    ['12 dic 2023 20:15', '2023-12-12'],
    ['Data 21 settembre 2024', '2024-09-21'],
    ['5 gennaio 2024', '2024-01-05'],
    ['Datum: 8 mrt 2024', '2024-03-08'],
    ['17 oktober 2023', '2023-10-17'],
    ['Data: 24 de setembro de 2023', '2023-09-24'],
    ['2 out 2023', '2023-10-02'],
    ['March 15, 2024', '2024-03-15'],
    ['15-Mar-24 12:00', '2024-03-15'],
    ['Warszawa, 20 listopada 2024 r.', '2024-11-20'],
    ['Dne 3. února 2024', '2024-02-03'],
    ['20 Kasım 2024 Çarşamba', '2024-11-20'],
    ['5 Şubat 2024', '2024-02-05'],
    ['Дата: 20 листопада 2024', '2024-11-20'],
    ['12 марта 2024 г.', '2024-03-12'],
    ['7 octombrie 2024', '2024-10-07'],
    ['Dato 14. marts 2024', '2024-03-14'],
    ['3 augusti 2024', '2024-08-03'],
    ['Tanggal 17 Agustus 2024', '2024-08-17'],
  ])('reads a month name: %s', (text, expected) => {
    expect(date(text)).toBe(expected);
  });

  it('reads dates OCR slipped on: O for 0, a comma for a dot', () => {
    expect(date('19 Mar 2O25 09:18')).toBe('2025-03-19');
    expect(date('17,01.2024 12:00')).toBe('2024-01-17');
    expect(date('Fecha: 31 demayo de 2025 11:11')).toBe('2025-05-31');
    expect(date('DATE:15-05-2O25 20:14')).toBe('2025-05-15');
    expect(date('DATE: 12106/24 10:40')).toBe('2024-06-12');
    expect(date('25 ottobre 2025 : 08:43')).toBe('2025-10-25');
    // Without a date label, "12106/24" stays a number.
    expect(date('Ref 12106/24')).toBeNull();
  });

  it.each([
    ['Umtausch bis 14.02.2024\n17.01.2024 12:00', '2024-01-17'],
    ["Valable jusqu'au 14/02/2024\nLe 15/01/2024 12:00", '2024-01-15'],
    ['Return by 02/14/2024\n01/15/2024 12:00', '2024-01-15'],
    ['Válido hasta 30/01/2024\nFecha: 15/01/2024', '2024-01-15'],
    ['MHD 30.06.2024\nDatum 02.05.2024', '2024-05-02'],
  ])('skips a date that is not the purchase date: %s', (text, expected) => {
    expect(date(text)).toBe(expected);
  });

  it('is less sure of an ambiguous date when its order is only a default', () => {
    const lines = toTextLines('Date 03/04/2024');
    const decided = extractDate(lines, { ...dmy, orderSure: true });
    const guessed = extractDate(lines, { ...dmy, orderSure: false });
    expect(guessed.value).toBe(decided.value);
    expect(guessed.confidence).toBeLessThan(decided.confidence);
    expect(decided.basis).toBe('date, order settled');
    // Never measured on real receipts: an even chance, for review.
    expect(guessed.basis).toBe('date, order unsure');
    expect(guessed.confidence).toBeLessThan(0.7);
    expect(extractDate(lines, dmy).basis).toBe('date, order default');
  });

  it('names a till stamp read for want of a printed date', () => {
    const stamp = extractDate(toTextLines('Beleg 20210923142810'), dmy);
    expect(stamp).toMatchObject({ value: '2021-09-23', basis: 'date, compact stamp' });
    expect(extractDate(toTextLines('Datum 23.09.2021'), dmy).basis).toBe('date');
  });
});

describe('extractDate keeps only plausible dates', () => {
  const june = { ...dmy, referenceDate: new Date('2024-06-01T00:00:00Z') };

  it('does not read a date after the reading as the purchase date', () => {
    expect(date('Date: 25/12/2024', june)).toBeNull();
    // A later date beside the real one (a voucher valid until …) leaves the real one.
    expect(date('Date: 20/05/2024\nValid 25/12/2024', june)).toBe('2024-05-20');
    // A day of slack: the receipt of a time zone ahead.
    expect(date('Date: 02/06/2024', june)).toBe('2024-06-02');
  });

  it('does not read a date decades before the reading', () => {
    expect(date('Date: 25/12/1995', june)).toBeNull();
    expect(date('Date: 25/12/2004', june)).toBe('2004-12-25');
  });

  it('takes the order that gives a plausible date when the other is in the future', () => {
    // 05/12/2024 read day first is 5 December (after the reading): 12 May it is.
    expect(date('05/12/2024', june)).toBe('2024-05-12');
  });

  it('reads a till timestamp YYYYMMDDhhmmss when no date is printed, less sure', () => {
    const result = extractDate(toTextLines('BEZAHLT 96,09\n20210923142810\nBeleg 203531'), dmy);
    expect(result.value).toBe('2021-09-23');
    expect(result.confidence).toBeLessThan(0.85);
    // A printed date wins; an impossible time is no timestamp.
    expect(date('20210923142810\nDatum 22.09.2021')).toBe('2021-09-22');
    expect(date('20210923992810')).toBeNull();
  });
});

describe('extractDate on real-receipt conventions (issue 27)', () => {
  const read = (text: string) =>
    extractDate(toTextLines(text), { order: 'dmy', referenceDate: new Date('2026-06-01') }).value;

  it('reads Chinese, Japanese and Korean dates', () => {
    expect(read('2024年3月7日(木) 14:02')).toBe('2024-03-07');
    expect(read('2022년 12월 24일 09:15')).toBe('2022-12-24');
  });

  it('reads a year-first date with spaces or a glued time', () => {
    expect(read('KASA 3 2024 02 29 18:40:12')).toBe('2024-02-29');
    expect(read('[A]2021-07-3109:55 POS:12')).toBe('2021-07-31');
  });

  it('reads a one-digit day when the time is glued to the year', () => {
    expect(read('7.03.2119:45 0012 33')).toBe('2021-03-07');
  });

  it('reads a Vietnamese written date', () => {
    expect(read('Ngày 15 tháng 03 năm 2024')).toBe('2024-03-15');
    expect(read('Ngay 5 thang 3 nam 2024 18:22')).toBe('2024-03-05');
  });

  it('reads Thailand’s Buddhist-era years as common-era ones', () => {
    const thai = (text: string) =>
      extractDate(toTextLines(text), {
        order: 'dmy',
        referenceDate: new Date('2026-06-01'),
        buddhistEra: true,
      }).value;
    // A real Bangkok receipt's line: 2568 is 2025, the time glued to it.
    expect(thai('Receipt No:206/00047 DATE02/11/25688:00')).toBe('2025-11-02');
    expect(thai('2567-03-15 12:04')).toBe('2024-03-15');
    expect(thai('วันที่ 15/03/67')).toBe('2024-03-15');
    // A common-era date on a Thai receipt stays as it is.
    expect(thai('DATE 06-11-25 TIME 1:07:48PM')).toBe('2025-11-06');
    // Elsewhere a year 2568 is no date.
    expect(read('DATE02/11/25688:00')).toBeNull();
  });

  it('reads Japan’s and Taiwan’s era years as common-era ones', () => {
    const inEra = (text: string, era: DateOptions['era']) =>
      extractDate(toTextLines(text), { ...dmy, era }).value;
    // Written out, on any receipt: Reiwa 6 is 2024, Heisei 31 is 2019, Minguo 113 is 2024.
    expect(read('令和6年3月15日 14:22')).toBe('2024-03-15');
    expect(read('令和元年5月1日')).toBe('2019-05-01');
    expect(read('平成31年4月30日')).toBe('2019-04-30');
    expect(read('民國113年03月15日')).toBe('2024-03-15');
    // Short, where the receipt is Japanese or Taiwanese.
    expect(inEra('R6.3.15 14:22', 'japanese')).toBe('2024-03-15');
    expect(inEra('H31/04/30', 'japanese')).toBe('2019-04-30');
    expect(inEra('113/03/15 14:22', 'minguo')).toBe('2024-03-15');
    // Elsewhere they are no dates, and a common-era date stays as it is.
    expect(read('113/03/15 14:22')).toBeNull();
    expect(inEra('2024/03/15', 'minguo')).toBe('2024-03-15');
    expect(inEra('15/03/2024', 'japanese')).toBe('2024-03-15');
  });

  it('takes no hour for the year of a date printed without one', () => {
    expect(read('20.11. 14:32')).toBeNull();
    expect(read('20.11.14:32')).toBeNull();
    // A year, then the time.
    expect(read('20.11.24 14:32')).toBe('2024-11-20');
    expect(read('20.11.24 : 14:32')).toBe('2024-11-20');
  });

  it('reads Nepal’s Bikram Sambat dates by the calendar’s table', () => {
    const nepali = (text: string) =>
      extractDate(toTextLines(text), { ...dmy, era: 'bikramSambat' }).value;
    // Mangsir 15, 2081 is 30 November 2024; Baisakh 1, 2082 is 14 April 2025 (new year).
    expect(nepali('Miti: 2081/08/15')).toBe('2024-11-30');
    expect(nepali('Date: 2082-01-01 10:22')).toBe('2025-04-14');
    expect(nepali('Miti: 15/08/2081')).toBe('2024-11-30');
    expect(nepali('मिति: २०८१/०८/१५')).toBe('2024-11-30');
    // Mangsir 2081 has 30 days: a 31st is an OCR slip, not the first of Poush.
    expect(nepali('Miti: 2081/08/31')).toBeNull();
    // The common-era date beside it is read as printed.
    expect(nepali('Date: 30/11/2024')).toBe('2024-11-30');
    // Elsewhere a year 2081 is no date.
    expect(read('Miti: 2081/08/15')).toBeNull();
  });
});
