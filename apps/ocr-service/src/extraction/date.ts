import { bikramSambatToCommon } from './bikram-sambat.js';
import { calibrated, dateBasis } from './calibration.js';
import { MONTH_PATTERN, monthNumber } from './month-names.js';
import type { ShortYearFirst } from './date-order.js';
import { letterKey, type TextLine } from './text-lines.js';

export interface DateResult {
  /** YYYY-MM-DD */
  value: string | null;
  confidence: number;
  /** The kind of evidence the date rests on (calibration.ts); null when none was read. */
  basis: string | null;
  /** The index of the line the date was read from; null when none was. */
  line: number | null;
}

export interface DateOptions {
  /** Order for ambiguous numeric dates such as 03/04/2024 (see date-order.ts). */
  order: 'dmy' | 'mdy';
  /** False when the order is only a default or the account's locale: such dates are unsure. */
  orderSure?: boolean;
  /** When the receipt was read: later dates (past a day) and dates decades older are not read. */
  referenceDate: Date;
  /** The receipt counts years from the Buddha, as Thailand does: 2568 is 2025, "68" too. */
  buddhistEra?: boolean;
  /**
   * The receipt's country counts years by its own era in short dates too: Japan's (`R6.3.15`, the
   * sixth year of Reiwa, 2024) or Taiwan's Minguo (`113/03/15`, 2024). The eras written out
   * (`令和6年`, `民國113年`) are read on any receipt. Nepal's bills count by the Bikram Sambat
   * calendar (`2081/08/15`, 2024-11-30; bikram-sambat.ts).
   */
  era?: 'japanese' | 'minguo' | 'bikramSambat';
  /**
   * The receipt's country prints short dates year first (date-order.ts): `always` ("24.03.15" is
   * 15 March 2024, never 24 March 2015, in Korea), or `sometimes` (Canada: 15 March 2024 at some
   * tills, 24 March 2015 at others; such a date is ambiguous whatever its day).
   */
  shortYearFirst?: ShortYearFirst | null;
}

/** Years of the Buddhist era are 543 ahead of the common era. */
const BUDDHIST_OFFSET = 543;
// A Buddhist-era year after a day and month (a time may be glued to it: "02/11/25688:00"), or
// before them.
const BUDDHIST_YEAR_LAST =
  /(?<=(?<!\d)\d{1,2}\s?[-/.]\s?\d{1,2}\s?[-/.]\s?)25\d{2}(?=\d{1,2}\s?:\s?\d{2}|(?!\d))/g;
const BUDDHIST_YEAR_FIRST = /(?<!\d)25\d{2}(?=\s?[-/.]\s?\d{1,2}\s?[-/.]\s?\d{1,2}(?!\d))/g;

/** A line's Buddhist-era years written as common-era ones. */
function commonEra(text: string): string {
  const shift = (year: string) => String(Number(year) - BUDDHIST_OFFSET);
  return text.replace(BUDDHIST_YEAR_LAST, shift).replace(BUDDHIST_YEAR_FIRST, shift);
}

// Eras written out, and the year before their first: Japan's Reiwa and Heisei, Taiwan's Minguo.
const ERA_START: Record<string, number> = { 令和: 2018, 平成: 1988, 民國: 1911, 民国: 1911 };
const ERA_DATE = /(令和|平成|民國|民国)\s?(元|\d{1,3})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})/g;
// Japan's short era dates: R for Reiwa, H for Heisei ("R6.3.15", "R06/03/15", "H31.4.30").
const JAPANESE_SHORT_ERA =
  /(?<![A-Z\d])([RH])\s?(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\3\s?(\d{1,2})(?!\d)/g;
// Taiwan's short Minguo dates, the year in three digits ("113/03/15").
const MINGUO_SHORT = /(?<![\d.,])(1[01]\d)\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?![\d.,])/g;

/** A line's era dates written as common-era ones, year first (`2024-03-15`, `2024年3月15日`). */
function eraToCommon(text: string, era: DateOptions['era']): string {
  let out = text.replace(ERA_DATE, (_, name: string, year: string, month: string, day: string) => {
    const n = year === '元' ? 1 : Number(year);
    return `${ERA_START[name] + n}年${month}月${day}日`;
  });
  if (era === 'japanese') {
    out = out.replace(JAPANESE_SHORT_ERA, (_, name: string, year: string, _s, month, day) => {
      const start = name === 'R' ? ERA_START['令和'] : ERA_START['平成'];
      return `${start + Number(year)}-${month}-${day}`;
    });
  }
  if (era === 'bikramSambat') out = bikramSambatToCommon(out);
  if (era === 'minguo') {
    out = out.replace(MINGUO_SHORT, (_, year: string, _s, month: string, day: string) => {
      return `${ERA_START['民國'] + Number(year)}-${month}-${day}`;
    });
  }
  return out;
}

// Month names of every supported language (month-names.ts); O and 0 are confused by OCR ("0CT").
const MONTH_WORD = MONTH_PATTERN;
// Paddle glues the time to the year: "25/12/20188:13:39PM", "01/03/1819:14". A four-digit year
// directly followed by ":" is read as a two-digit year and an hour ("01/03/2019:14" = 01/03/20 19:14);
// one followed by a space is a year, whatever OCR puts after it ("25 ottobre 2025 : 08:43").
// Two digits before ":" and minutes are the hour of a date printed without its year ("20.11.
// 14:32"), not the year 2014.
const YEAR = String.raw`((?:19|20)\d{2}(?!:)|\d{2}(?=\d{1,2}\s?:\s?\d{2})|\d{2}(?!\d)(?!\s?:\d{2}))`;

// OCR reads a dash as a tilde now and then: "20~06-2018". A till may glue the time to the day
// ("2023-10-1516:13").
const ISO =
  /(?<!\d)((?:19|20)\d{2})\s?[-/.~]\s?(\d{1,2})\s?[-/.~]\s?(\d{1,2})(?=\d{1,2}\s?:\s?\d{2}|(?!\d))/g;
// Year first with spaces, as some tills print it before the time ("2023 03 20 12:58:29"); without
// the time, spaced numbers are too often something else.
const SPACED_ISO = /(?<![\d.,])((?:19|20)\d{2}) (\d{2}) (\d{2}) \d{1,2}:\d{2}/g;
// Vietnamese written dates, accents folded: "Ngày 15 tháng 03 năm 2024" (day, month, year).
const VIETNAMESE_DATE = /\bNGAY\s?(\d{1,2})\s?THANG\s?(\d{1,2})\s?NAM\s?((?:19|20)\d{2})\b/gi;
// Chinese, Japanese and Korean dates: "2020年11月13日", "2023년 10월 15일".
const CJK_DATE = /(?<!\d)((?:19|20)\d{2})\s?[年년]\s?(\d{1,2})\s?[月월]\s?(\d{1,2})\s?[日일]?/g;
/** A date's separator as printed before OCR's slips: a dot read as a comma, a dash as a tilde. */
const separatorKind = (separator: string) =>
  separator === ',' ? '.' : separator === '~' ? '-' : separator;
const NUMERIC = new RegExp(
  // Not inside a longer number ("1.25.12.2018"), but a label's dot may touch it ("Dat.31.08.2015").
  String.raw`(?<!\d[.,]?)(\d{1,2})\s?([-/.~,])\s?(\d{1,2})\s?([-/.~,])\s?${YEAR}`,
  'g',
);
const DAY_MONTH_NAME = new RegExp(
  String.raw`(?<!\d)(\d{1,2})(?:ST|ND|RD|TH|ER|º|°)?[.,]?\s?[-/]?\s?(?:DE\s?)?${MONTH_WORD}(?![A-Z])\s?(?:DE\s?)?[-/.,']?\s?${YEAR}`,
  'gi',
);
const MONTH_NAME_DAY = new RegExp(
  String.raw`(?<![A-Z])${MONTH_WORD}\s?[-/.]?\s?(\d{1,2})(?:ST|ND|RD|TH)?\s?[,.]?\s?((?:19|20)\d{2})`,
  'gi',
);

const COMPACT_STAMP = /(?<!\d)(20\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\d{2})?(?!\d)/g;

const LOST_SEPARATOR =
  /(?<![\d.])(?:(\d{2})[1lI|](\d{2})[-/.]((?:19|20)\d{2}|\d{2})|(\d{2})[-/.](\d{2})[1lI|]((?:19|20)\d{2}|\d{2}))(?!\d)/g;

interface Candidate {
  year: number;
  month: number;
  day: number;
  line: number;
  ambiguous: boolean;
  twoDigitYear: boolean;
  named: boolean;
  /** Read with a separator OCR had turned into a "1". */
  repaired?: boolean;
  /** A compact YYYYMMDDhhmm(ss) timestamp: a printed date wins over it. */
  compact?: boolean;
  /** Where the country prints short dates year first too, no evidence settles which part is the year. */
  yearOrDay?: boolean;
}

function fullYear(year: string, reference: Date, buddhistEra = false): number {
  if (year.length === 4) return Number(year);
  const yy = Number(year);
  // "68" in the Buddhist era is 2568, 2025: a two-digit year this century has not reached.
  if (buddhistEra && 2000 + yy > reference.getFullYear()) return 2500 + yy - BUDDHIST_OFFSET;
  const pivot = (reference.getFullYear() % 100) + 1;
  return yy <= pivot ? 2000 + yy : 1900 + yy;
}

/** A purchase date is at most this many years before the reading; older is a misreading. */
export const OLDEST_YEARS = 25;

/**
 * A real calendar date that can be a purchase: not after the reading (a day of slack for time
 * zones) and not decades before it. Anything else counts as not read.
 */
function isValid(year: number, month: number, day: number, reference: Date): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (year < reference.getFullYear() - OLDEST_YEARS) return false;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return Date.UTC(year, month - 1, day) <= reference.getTime() + 86_400_000;
}

function iso(c: { year: number; month: number; day: number }): string {
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** Like matchAll, but restarts one character after each match ("#19-21/03/2018" holds 21/03/2018). */
function overlappingMatches(pattern: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  const re = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m);
    re.lastIndex = m.index + 1;
  }
  return out;
}

function candidatesIn(line: TextLine, options: DateOptions): Candidate[] {
  const out: Candidate[] = [];
  const ref = options.referenceDate;
  const push = (year: number, month: number, day: number, extra: Partial<Candidate>) => {
    if (!isValid(year, month, day, ref)) return;
    out.push({
      year,
      month,
      day,
      line: line.index,
      ambiguous: false,
      twoDigitYear: false,
      named: false,
      ...extra,
    });
  };
  // Accents folded so "März", "février", "março" meet the month names; an O between digits is a
  // zero ("2O24", "1O.03").
  const printed = eraToCommon(line.text.normalize('NFC'), options.era);
  const folded = printed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // Turkish dotless i, which no case-insensitive match takes for an I ("Kasım").
    .replace(/ı/g, 'i')
    .replace(/(?<=\d)[Oo](?=[\d./-])|(?<=[\d./-])[Oo](?=\d)/g, '0');
  const text = options.buddhistEra ? commonEra(folded) : folded;
  for (const m of text.matchAll(ISO)) push(Number(m[1]), Number(m[2]), Number(m[3]), {});
  for (const m of text.matchAll(SPACED_ISO)) push(Number(m[1]), Number(m[2]), Number(m[3]), {});
  for (const m of text.matchAll(VIETNAMESE_DATE)) {
    push(Number(m[3]), Number(m[2]), Number(m[1]), { named: true });
  }
  // Before the accent folding, which takes Hangul syllables apart.
  for (const m of printed.matchAll(CJK_DATE)) {
    push(Number(m[1]), Number(m[2]), Number(m[3]), { named: true });
  }
  const pushNumeric = (first: string, second: string, yearText: string, extra = {}) => {
    const a = Number(first);
    const b = Number(second);
    const year = fullYear(yearText, ref, options.buddhistEra);
    const twoDigitYear = yearText.length === 2;
    const dmyValid = isValid(year, b, a, ref);
    const mdyValid = isValid(year, a, b, ref);
    // The same numbers read year first: "24.03.15" as 15 March 2024.
    const leading = twoDigitYear ? fullYear(first.padStart(2, '0'), ref) : null;
    const yearFirstValid = leading !== null && isValid(leading, b, Number(yearText), ref);
    if (options.shortYearFirst === 'always' && first.length === 2 && yearFirstValid) {
      // The country settled it: "order settled" where another reading was possible.
      push(leading, b, Number(yearText), {
        twoDigitYear,
        ambiguous: dmyValid || mdyValid,
        ...extra,
      });
      return;
    }
    const yearFirst = options.shortYearFirst === 'sometimes' && yearFirstValid;
    if (dmyValid && mdyValid && a !== b) {
      const [month, day] = options.order === 'mdy' ? [a, b] : [b, a];
      push(year, month, day, { ambiguous: true, twoDigitYear, ...extra });
    } else if (dmyValid) {
      push(year, b, a, { twoDigitYear, ambiguous: yearFirst, yearOrDay: yearFirst, ...extra });
    } else if (mdyValid) {
      push(year, a, b, { twoDigitYear, ambiguous: yearFirst, yearOrDay: yearFirst, ...extra });
    }
  };
  const labelled = DATE_LABEL.test(letterKey(line.text));
  for (const m of overlappingMatches(NUMERIC, text)) {
    // OCR reads one dot of "17.01.2024" as a comma now and then; two commas are amounts. Other
    // separators differ only in a range and its year ("Mar 12 - 15, 2025" is no 15 December).
    if (m[2] === ',' && m[4] === ',') continue;
    if (separatorKind(m[2]) !== separatorKind(m[4])) continue;
    // A "12.50 3.00"-like price pair is not a date: dots with a two-digit year need a 2-digit day,
    // unless a time follows the year ("5.09.1519:20", "5.3.25 10:22") or a date label is on the
    // line ("Datum: 5.3.25").
    const timeAfter = /^\s*\d{1,2}\s?:\s?\d{2}/.test(text.slice(m.index + m[0].length));
    const short = (m[2] === '.' || m[2] === ',') && m[5].length === 2 && m[1].length === 1;
    if (short && !timeAfter && !labelled) continue;
    pushNumeric(m[1], m[3], m[5]);
  }
  // Beside a DATE label, a date with nothing else to read may have lost a separator to a "1"
  // ("DATE: 12106/24" for 12/06/24): read it so, less sure.
  if (out.length === 0 && labelled) {
    for (const m of text.matchAll(LOST_SEPARATOR)) {
      if (m[1] !== undefined) pushNumeric(m[1], m[2], m[3], { repaired: true });
      else pushNumeric(m[4], m[5], m[6], { repaired: true });
    }
  }
  // A till's compact timestamp, YYYYMMDDhhmm(ss) ("20210923142810" on Austrian receipts): only
  // when no printed date is on the line, and only with a real time after it.
  if (out.length === 0) {
    for (const m of text.matchAll(COMPACT_STAMP)) {
      const [hour, minute] = [Number(m[4]), Number(m[5])];
      if (hour > 23 || minute > 59) continue;
      push(Number(m[1]), Number(m[2]), Number(m[3]), { compact: true });
    }
  }
  for (const m of text.matchAll(DAY_MONTH_NAME)) {
    push(fullYear(m[3], ref, options.buddhistEra), monthNumber(m[2]), Number(m[1]), {
      named: true,
      twoDigitYear: m[3].length === 2,
    });
  }
  for (const m of text.matchAll(MONTH_NAME_DAY)) {
    push(Number(m[3]), monthNumber(m[1]), Number(m[2]), { named: true });
  }
  return out;
}

const DATE_LABEL = /DATE|TARIKH|DATUM|FECHA|DTE|DATA|EMISSAO|EMISION/;
// Dates that are not the purchase: expiry, best before, valid until, return by, due, warranty,
// an invoice's payment terms ("zahlbar bis", "bei Zahlung bis … Skonto", "payable by").
const OTHER_DATE_LABEL =
  /EXP|VALID|DUE|ZAHLBAR|ZAHLUNGBIS|SKONTO|PAYABLE|ESCOMPTE|VENCIMIENTO|VERVAL|BETALENVOOR|TERMINPLATNOSCI|SPLATNOST|BESTBEFORE|USEBY|EXPIRY|UNTIL|WARRANTY|BIRTH|DOB|MEMBERSINCE|RETURN|GULTIG|GLTIG|MHD|HALTBAR|UMTAUSCH|RUCKGABE|FALLIG|GARANTIE|VALABLE|JUSQU|ECHEANCE|REMBOURS|RETOUR|VALIDO|HASTA|CADUC|CONSUMIR|DEVOLU|SCADENZA|ENTROIL|GARANZIA|GELDIG|TENMINSTE|HOUDBAAR|RUIL|VALIDADE|GARANTIA|TROCA/;

/**
 * Finds the purchase date. Numeric dates are read day-first or month-first by `order` only when
 * both readings are valid; a part above 12 settles the order. Dates beside a DATE label or a time
 * win; expiry and due dates lose; a future or decades-old date is not a candidate at all.
 */
export function extractDate(lines: TextLine[], options: DateOptions): DateResult {
  const all = lines.flatMap((line) => candidatesIn(line, options));
  if (all.length === 0) return { value: null, confidence: 0, line: null, basis: null };
  const counts = new Map<string, number>();
  for (const c of all) counts.set(iso(c), (counts.get(iso(c)) ?? 0) + 1);

  const score = (c: Candidate) => {
    const text = lines[c.line].text;
    const key = letterKey(text);
    let s = 5;
    if (DATE_LABEL.test(key)) s += 3;
    if (OTHER_DATE_LABEL.test(key)) s -= 4;
    if (/\d{1,2}\s?:\s?\d{2}/.test(text)) s += 1;
    if (!c.twoDigitYear) s += 0.5;
    if (c.ambiguous) s -= options.orderSure === false ? 1 : 0.5;
    if (c.repaired) s -= 1;
    if (c.compact) s -= 1.5;
    s += Math.min((counts.get(iso(c)) ?? 1) - 1, 2) * 0.5;
    // The purchase date is printed near the top more often than anywhere else.
    s -= (c.line / Math.max(lines.length, 1)) * 0.5;
    return s;
  };
  const ranked = all.map((c) => ({ c, s: score(c) })).sort((x, y) => y.s - x.s);
  const best = ranked[0].c;
  // An order the receipt, its country or currency settled is nearly as good as an unambiguous date.
  const order = !best.ambiguous
    ? 'unambiguous'
    : options.orderSure === false || best.yearOrDay === true
      ? 'unsure'
      : options.orderSure
        ? 'settled'
        : 'default';
  const basis = dateBasis({
    order,
    repaired: best.repaired === true,
    compact: best.compact === true,
    lineConfidence: lines[best.line].confidence,
  });
  return { value: iso(best), confidence: calibrated('date', basis), line: best.line, basis };
}
