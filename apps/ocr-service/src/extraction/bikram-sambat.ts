import DateConverter from '@remotemerge/nepali-date-converter';

// Nepal's bills date themselves in the Bikram Sambat calendar (`Miti: 2081/08/15`), 56 to 57
// years ahead of the common era, with months of 29 to 32 days that change from year to year:
// no offset converts it, the calendar's table does. Years 2040–2099 (1983–2043): any other
// year is no date of a bill read today.
const YEAR_FIRST = /(?<![\d.,])(20[4-9]\d)\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?![\d.,])/g;
const YEAR_LAST = /(?<![\d.,])(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(20[4-9]\d)(?![\d.,])/g;
const DEVANAGARI_DIGIT = /[०-९]/g;

/**
 * A line's Bikram Sambat dates written as common-era ones (`2081/08/15` is `2024-11-30`). A
 * day its month does not have (an OCR slip: `2081/08/31`, Mangsir 2081 has 30) stays as
 * printed, so it is read as no date.
 */
export function bikramSambatToCommon(text: string): string {
  const digits = text.replace(DEVANAGARI_DIGIT, (digit) => String(digit.charCodeAt(0) - 0x966));
  return digits
    .replace(YEAR_FIRST, (printed, year: string, _s, month: string, day: string) => {
      return commonDate(year, month, day) ?? printed;
    })
    .replace(YEAR_LAST, (printed, day: string, _s, month: string, year: string) => {
      return commonDate(year, month, day) ?? printed;
    });
}

/** `YYYY-MM-DD` of the Bikram Sambat day, or null when the calendar has no such day. */
function commonDate(year: string, month: string, day: string): string | null {
  const bs = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  try {
    const ad = new DateConverter(bs).toAd();
    const iso = `${ad.year}-${pad(ad.month)}-${pad(ad.date)}`;
    // The converter rolls a day past the month's end into the next month: the way back tells.
    const back = new DateConverter(iso).toBs();
    return `${back.year}-${pad(back.month)}-${pad(back.date)}` === bs ? iso : null;
  } catch {
    return null;
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
