import {
  CURRENCY_OF,
  currencyOf,
  EURO_COUNTRIES,
  printedCountry,
  writesTraditionalChinese,
  type Country,
} from './country.js';
import { WHOLE_UNIT_CURRENCIES } from './amount.js';
import { wholeGroupedCount, type DecimalMark } from './locale-number.js';

export interface CurrencyResult {
  /** ISO 4217 code */
  value: string | null;
  confidence: number;
  /**
   * The symbol or code the currency was read from, to find its line; null when it was inferred
   * (the country, VAT words, the locale) rather than printed.
   */
  marker: RegExp | null;
  /** Only the account's locale spoke for it: the receipt itself did not say. */
  assumed?: boolean;
}

export interface CurrencyHints {
  /** The receipt's decimal mark as its amounts show it. */
  decimalMark?: DecimalMark | null;
  /** The country the receipt names (see country.ts); looked up from the text when absent. */
  country?: Country | null;
  /** The account's BCP 47 locale, the last resort. */
  locale?: string;
}

// Letters beside an amount that stand for a currency, and that OCR also makes of other things
// ("Rs" of "R$", "LE" of a word ending, "TL"): weak (see WEAK).
const RUPEE_OR_REAL = /\bRS\.?\s?\d/g;
const RUPEES = new Set(['INR', 'NPR', 'PKR', 'LKR', 'MUR', 'SCR']);
const DONG_LETTER = /\d ?Đ(?![A-ZĐ])/g;
const LIRA_LETTERS = /\d ?TL\b/g;
const FORINT_LETTERS = /\d ?FT\b/g;
const LEU_LETTERS = /\d ?LEI\b|\bLEI ?\d/g;
const POUND_LETTERS = /\d ?L\.?E\b/g;
const TAKA_LETTERS = /\bTK\.? ?\d|\d ?TK\b/g;
// Qatar's riyal; also a QR code's letters.
const RIYAL_LETTERS = /\bQR\.? ?\d|\d ?QR\b/g;
// Signs several countries print for their own money: the yen sign is the yuan's too, `元` also
// Taiwan's and Hong Kong's dollar, `kr` the crown of Sweden, Norway, Denmark and Iceland.
const YEN_OR_YUAN = /¥/g;
const YUAN_OR_DOLLAR = /元/g;
const KRONE = /\d ?KR\.?(?![A-Z])|(?<![A-Z])KR\.? ?\d/g;
const KRONER = new Set(['SEK', 'NOK', 'DKK', 'ISK']);
// The dirham of the United Arab Emirates ("Dhs 45.50") and of Morocco ("123,50 DH").
const DIRHAM = /\d ?DHS?\b|\bDHS?\.? ?\d/g;
const DIRHAMS = new Set(['AED', 'MAD']);
// The dinars' letters beside an amount ("12.500 DT", "JD 3.250"; Bahrain's "BD" is also a
// boulevard): weak. Kuwait's "KD" and Oman's "R.O." (only with its points: "RO" opens a Romanian
// VAT number) are strong, as are the Arabic signs.
const BAHRAIN_DINAR = /\bB\.?D\.? ?\d|\d ?B\.?D\b/g;
const JORDAN_DINAR = /\bJ\.?D\.? ?\d|\d ?J\.?D\b/g;
const TUNISIA_DINAR = /\d ?DT\b/g;
const WEAK_PATTERNS: ReadonlySet<RegExp> = new Set([
  RUPEE_OR_REAL,
  DONG_LETTER,
  LIRA_LETTERS,
  FORINT_LETTERS,
  LEU_LETTERS,
  POUND_LETTERS,
  TAKA_LETTERS,
  RIYAL_LETTERS,
  BAHRAIN_DINAR,
  JORDAN_DINAR,
  TUNISIA_DINAR,
]);

// Symbols and local abbreviations, counted over the upper-cased receipt: the most printed one
// wins. Short letter forms that are also words ("FT", "KN", "TL", "LEI") count only beside an
// amount; a bare "$" is handled apart (many countries print it).
const SYMBOLS: [RegExp, string][] = [
  [/\b(MYR|RM)\s?\d|\b(MYR|RINGGIT)\b|\(RM\)|\bRM\b/g, 'MYR'],
  [/\bS\$/g, 'SGD'],
  [/\bA\$|(?<![A-Z])AU\$/g, 'AUD'],
  [/\bC\$|(?<![A-Z])CA\$/g, 'CAD'],
  [/(?<![A-Z])NZ\$/g, 'NZD'],
  [/(?<![A-Z])HK\$/g, 'HKD'],
  [/(?<![A-Z])NT\$/g, 'TWD'],
  [/(?<![A-Z])MX\$/g, 'MXN'],
  [/(?<![A-Z])COL?\$/g, 'COP'],
  [/(?<![A-Z])(US\$|U\$S)/g, 'USD'],
  // Not the end of a word glued to a dollar sign ("A PAGAR$ 494.100" on a Colombian receipt).
  [/(?<![A-Z])R\$/g, 'BRL'],
  [/€|\bEURO\b/g, 'EUR'],
  [/£/g, 'GBP'],
  [/\bSFR\b|\bFR\.\s?\d/g, 'CHF'],
  [YEN_OR_YUAN, 'JPY'],
  [/円/g, 'JPY'],
  [YUAN_OR_DOLLAR, 'CNY'],
  [/人民币/g, 'CNY'],
  // Peru's sol ("S/ 4.50", "S/. 7.70"); not an "S/N" serial number.
  [/(?<![A-Z])S\/\.? ?\d/g, 'PEN'],
  [KRONE, 'KRONE'],
  [/₹/g, 'INR'],
  [RUPEE_OR_REAL, 'INR'],
  [/\bRP\.? ?\d|\d\.? ?RP\b/g, 'IDR'],
  [/฿|บาท/g, 'THB'],
  [/₱/g, 'PHP'],
  [/\bZŁ(?!\w)|\dZŁ/g, 'PLN'],
  [/\bKČ(?!\w)|\dKČ/g, 'CZK'],
  [/₫/g, 'VND'],
  [DONG_LETTER, 'VND'],
  [/₺/g, 'TRY'],
  [LIRA_LETTERS, 'TRY'],
  [/₴|ГРН/g, 'UAH'],
  [/₩|원/g, 'KRW'],
  [/₪|ש"ח|ש״ח/g, 'ILS'],
  [/₦/g, 'NGN'],
  [/₽/g, 'RUB'],
  // The rouble as a word beside an amount ("456.70 руб"), not Belarus's ("бел. руб").
  [/\d ?РУБ|(?<!БЕЛ\.? ?)РУБ\.? ?\d/g, 'RUB'],
  [/GH[₵¢]/g, 'GHS'],
  [DIRHAM, 'DIRHAM'],
  // Bulgaria's lev beside an amount ("24,45 лв."), upper-cased; not the end of a word.
  [/\d ?ЛВ(?![А-Я])|(?<![А-Я])ЛВ\.? ?\d/g, 'BGN'],
  [FORINT_LETTERS, 'HUF'],
  [/\d ?KN\b|\bKN ?\d|\bKUNA\b/g, 'HRK'],
  [LEU_LETTERS, 'RON'],
  [/E£|ج\.م/g, 'EGP'],
  [POUND_LETTERS, 'EGP'],
  [/ر\.? ?س/g, 'SAR'],
  [/\bKSHS?\.? ?\d|\d ?KSHS?\b/g, 'KES'],
  [/৳/g, 'BDT'],
  // Signs only one currency prints.
  [/₡/g, 'CRC'],
  [/₲/g, 'PYG'],
  [/₸/g, 'KZT'],
  [/₼/g, 'AZN'],
  [/₾/g, 'GEL'],
  [/₮/g, 'MNT'],
  [/₭/g, 'LAK'],
  [/៛/g, 'KHR'],
  [/(?<![A-Z])RD\$/g, 'DOP'],
  [/(?<![A-Z])\$U(?![A-Z])/g, 'UYU'],
  [TAKA_LETTERS, 'BDT'],
  [RIYAL_LETTERS, 'QAR'],
  [/\bK\.?D\.? ?\d|\d ?K\.?D\b|د\.? ?ك/g, 'KWD'],
  [/\bR\.O\.? ?\d|\d ?R\.O\.?(?![A-Z])|ر\.? ?ع/g, 'OMR'],
  [/د\.? ?ب/g, 'BHD'],
  [/د\.? ?ا/g, 'JOD'],
  [/د\.? ?ت/g, 'TND'],
  [BAHRAIN_DINAR, 'BHD'],
  [JORDAN_DINAR, 'JOD'],
  [TUNISIA_DINAR, 'TND'],
];

// ISO 4217 codes in use; the few that receipts print as words beside prices (`CUP`, `PEN`,
// `TOP`) never count.
const ISO_CODES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL'.split(
    ' ',
  );
// Codes that are also words or abbreviations on receipts: "Atatürk Cad." (Turkish for avenue),
// "TRY OUR …", "DRY RUB WINGS", "COP", the name "Ron", Malaysia's "SDN BHD". They count only
// beside an amount, as unknown codes do.
const WORD_CODES = new Set(['BHD', 'CAD', 'COP', 'RON', 'RUB', 'TRY']);
// Printed on its own, a code counts only for the currencies of the countries country.ts knows
// and a few more; any other code also names companies and things ("SSP UK", "SDN BHD") and
// counts only beside an amount on its line.
// The countries whose tills print a sign ("Rs", "Tk", "KSh", "ر.س") rather than the code are
// left out too: a code of theirs printed once is rarer than OCR's slip ("1кг" read "lkr").
const SIGN_PRINTERS = new Set(['PKR', 'LKR', 'BDT', 'KES', 'SAR']);
const STANDALONE_CODES = new Set(
  [...Object.values(CURRENCY_OF), 'HRK', 'BGN', 'RUB'].filter(
    (code) => !WORD_CODES.has(code) && !SIGN_PRINTERS.has(code),
  ),
);
// Codes too common as words on receipts to count at all ("5p CUP 0.05", "PEN 2.50", "TOP UP").
const NEVER_CODES = new Set([
  'ALL',
  'BAM',
  'BOB',
  'CUP',
  'GEL',
  'MAD',
  'MOP',
  'PEN',
  'SHP',
  'SOS',
  'TOP',
]);
// An amount as money is printed: with its cents or its thousands grouped ("12,50", "1.250",
// "145 000"), so that a house number is not one ("Blk 123 Ang Mo Kio" is no guilder).
const MONEY = String.raw`\d+(?:[.,' ]\d{3})*[.,]\d{1,2}(?!\d)|\d{1,3}(?:[.,' ]\d{3})+(?![.,]?\d)`;
const CODE_MARKERS: [RegExp, string][] = ISO_CODES.filter((code) => !NEVER_CODES.has(code)).map(
  (code) => [
    STANDALONE_CODES.has(code)
      ? new RegExp(String.raw`\b${code}\b`, 'g')
      : new RegExp(String.raw`\b${code} ?\$? ?(?:${MONEY})|(?:${MONEY}) ?${code}\b`, 'g'),
    code,
  ],
);

const MARKERS: [RegExp, string][] = [...SYMBOLS, ...CODE_MARKERS];
/** Markers OCR makes of another sign: they do not outvote the country the receipt names. */
const WEAK = new Set(MARKERS.flatMap(([pattern], i) => (WEAK_PATTERNS.has(pattern) ? [i] : [])));
/**
 * Codes that count only beside money and do not outvote the country the receipt names: neither
 * printed on their own (STANDALONE_CODES) nor words (WORD_CODES, which have their own rule).
 */
const RARE = new Set(
  MARKERS.flatMap(([, code], i) =>
    i >= SYMBOLS.length && !STANDALONE_CODES.has(code) && !WORD_CODES.has(code) ? [i] : [],
  ),
);

/**
 * A line that converts the total into another currency for visitors ("Entspricht in Euro 36.33
 * EUR" under a Swiss bill in francs): its currency is not the receipt's, even where OCR lost the
 * receipt's own ("Total: OF 54.50" of a small photo).
 */
const CONVERSION_LINE =
  /^.*\b(ENTS.?RICHT|GEGENWERT|UMRECHNUNG|WECHSELKURS|EXCHANGE RATE|EQUIVALENT|CONTRE-?VALEUR|CONTROVALORE|TIPO DE CAMBIO)\b.*$/gm;

const DOLLAR = /\$/;
/** A `$` that is no other country's dollar sign ("US$", "R$", "A$", "$U"). */
const BARE_DOLLAR = /(?<![A-Z$])\$(?![A-Z])/;
const EURO_TAX_WORDS = /\b(MWST|MEHRWERTSTEUER|UST|TVA|IVA|BTW)\b/;
/** Currencies printed with a bare `$` (or `R$`) at home. */
const DOLLARS = new Set([
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'HKD',
  'MYR',
  'TWD',
  'MXN',
  'COP',
  'CLP',
  'ARS',
  'BRL',
  'UYU',
]);
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  MY: 'MYR',
  GB: 'GBP',
  CH: 'CHF',
  BR: 'BRL',
  ...Object.fromEntries(
    ['DE', 'AT', 'FR', 'BE', 'ES', 'IT', 'NL', 'PT', 'IE', 'FI', 'LU', 'GR'].map((r) => [r, 'EUR']),
  ),
};

/**
 * Reads the currency from evidence, strongest first: the symbol or code of the country the
 * receipt names when printed, else the symbol or code printed most (ISO 4217 codes, `Kč`, `zł`,
 * `₫`, `R$`, `Rp`, …); a bare `$` by the country the receipt names (a Chilean `$ 28.861` is CLP,
 * and a euro receipt whose OCR made a `$` of an `S` stays EUR), else USD; without any symbol the
 * country (address, tax id, phone prefix, language), then decimal commas under euro-area VAT
 * words. The account's locale comes last and is marked `assumed`: the receipt did not say.
 */
export function extractCurrency(text: string, hints: CurrencyHints = {}): CurrencyResult {
  const upper = text.toUpperCase();
  const country = hints.country !== undefined ? hints.country : printedCountry(text);
  const national = currencyOf(country);
  const counts = printedCodes(upper.replace(CONVERSION_LINE, ''), national);
  // A country's own dollar printed as a bare `$` beside another currency's sign: "TOTAL $8.45"
  // over "US$ 6.10" in Toronto is Canadian, "$ 494.100" beside "USD 120" in Bogotá Colombian.
  const ownDollarUnread =
    national !== undefined && DOLLARS.has(national) && !counts.some((c) => c.code === national);
  if (ownDollarUnread && counts.length > 0 && BARE_DOLLAR.test(upper)) {
    return { value: national, confidence: 0.8, marker: new RegExp(BARE_DOLLAR.source, 'g') };
  }
  // A country whose money has no minor unit, its amounts printed in thousands without its sign,
  // beside another currency's: "Tong cong: 45.000" over "USD 1.80" in Hanoi is 45,000 dong, the
  // dollars a courtesy (currencyMarks then keeps them out of the total).
  const ownWholeUnitsUnread =
    national !== undefined &&
    WHOLE_UNIT_CURRENCIES.has(national) &&
    !counts.some((c) => c.code === national);
  if (ownWholeUnitsUnread && counts.length > 0 && wholeGroupedCount(upper) > 0) {
    return { value: national, confidence: 0.8, marker: null };
  }
  if (counts.length > 0) {
    // OCR makes a "£" or "€" of a smudge now and then: the country's own currency, when printed,
    // wins; else the most printed one (on a tie the earlier, more specific marker). A shared sign
    // is already the country's own (localCode): a Chinese receipt's yen sign is the yuan, its
    // `円` still the yen.
    const home = counts.find((c) => c.code === national);
    const best = home ?? [...counts].sort((a, b) => b.n - a.n || a.order - b.order)[0];
    const value = home && national ? national : best.code;
    const codes = new Set(counts.map((c) => c.code));
    return {
      value,
      confidence: codes.size === 1 ? 0.9 : 0.8,
      marker: markerOf(counts.filter((c) => c.code === best.code)),
    };
  }
  const region = hints.locale?.split(/[-_]/)[1]?.toUpperCase();
  if (DOLLAR.test(upper)) {
    if (national && DOLLARS.has(national)) {
      return { value: national, confidence: 0.7, marker: DOLLAR };
    }
    if (country && EURO_COUNTRIES.has(country) && hints.decimalMark === ',') {
      // The `$` was a misread `S`: the euros were not read from it.
      return { value: 'EUR', confidence: 0.5, marker: null };
    }
    // A country that does not print `$` for its money: the `$` is a misreading, not dollars. Not
    // on a receipt in Chinese: a shop in Singapore, Malaysia or Hong Kong writes Chinese and `$`.
    if (national && national !== 'CNY') return { value: national, confidence: 0.5, marker: null };
    const fromLocale = region ? REGION_CURRENCY[region] : undefined;
    // Nothing says which dollar: the locale's or the US one, assumed.
    if (fromLocale && DOLLARS.has(fromLocale) && fromLocale !== 'MYR') {
      return { value: fromLocale, confidence: 0.6, marker: DOLLAR, assumed: true };
    }
    return { value: 'USD', confidence: 0.6, marker: DOLLAR, assumed: true };
  }
  if (national) return { value: national, confidence: 0.5, marker: null };
  // Decimal commas under the VAT words of the euro area (MwSt, TVA, IVA, BTW): euros, unsure.
  if (hints.decimalMark === ',' && EURO_TAX_WORDS.test(upper)) {
    return { value: 'EUR', confidence: 0.4, marker: null };
  }
  const fromLocale = region ? REGION_CURRENCY[region] : undefined;
  if (fromLocale === 'EUR' && hints.decimalMark === ',') {
    return { value: 'EUR', confidence: 0.4, marker: null, assumed: true };
  }
  return { value: null, confidence: 0, marker: null };
}

/**
 * The currencies the receipt prints, by marker (a symbol, sign or code) and how often, shared
 * signs read as the country's own (localCode). Weak letters count when the country agrees or they
 * are printed again and again (a price list in "LE"); once or twice elsewhere they are more
 * likely a word than money. A code printed once or twice beside an amount that is neither the
 * country's currency nor one of the common ones is more likely OCR's reading of something else
 * ("Цукор 1кг 14.10" read "Lykop lkr 14.10") than money, once the receipt names its country.
 */
function printedCodes(upper: string, national: string | undefined) {
  const traditional = writesTraditionalChinese(upper);
  return MARKERS.flatMap(([pattern, code], order) => {
    const local = localCode(pattern, code, national, traditional);
    const n = (upper.match(pattern) ?? []).length;
    if (n === 0 || local === null) return [];
    if (WEAK.has(order) && local !== national && n < 3) return [];
    if (national && RARE.has(order) && local !== national && n < 3) return [];
    return [{ code: local, order, n }];
  });
}

/**
 * The currency a shared sign stands for on this receipt: "Rs" the rupee of the country that
 * prints it (Nepal's on a Nepali receipt), `元` Taiwan's or Hong Kong's dollar there (neither
 * the yuan nor known in traditional characters without a country), `¥` the yuan
 * in China, `kr` the crown of the Nordic country the receipt names and `DH` its dirham (null
 * when it names none: which crown or dirham is not known).
 */
function localCode(
  pattern: RegExp,
  code: string,
  national: string | undefined,
  traditional: boolean,
): string | null {
  if (pattern === RUPEE_OR_REAL) return national && RUPEES.has(national) ? national : code;
  if (pattern === YUAN_OR_DOLLAR) {
    if (national === 'TWD' || national === 'HKD') return national;
    // Written in traditional characters, `元` is Taiwan's or Hong Kong's dollar: which, not known.
    return traditional ? null : code;
  }
  if (pattern === YEN_OR_YUAN) return national === 'CNY' ? 'CNY' : code;
  if (pattern === KRONE) return national && KRONER.has(national) ? national : null;
  if (pattern === DIRHAM) return national && DIRHAMS.has(national) ? national : null;
  return code;
}

/** One pattern for the markers of the chosen currency (to find the line that prints it). */
function markerOf(found: { order: number }[]): RegExp | null {
  const patterns = found.map((c) => MARKERS[c.order][0]);
  if (patterns.length === 0) return null;
  return patterns.length === 1 ? patterns[0] : new RegExp(oneOf(patterns).source, 'g');
}

/**
 * The line the currency was read from: its symbol or code on the total's line when it is there
 * (the amount it qualifies), else the first line printing it; null when it was not printed.
 */
export function currencyLine(
  lines: readonly string[],
  marker: RegExp | null,
  totalLine: number | null,
): number | null {
  if (!marker) return null;
  // A fresh, non-global copy: `test` on a /g pattern would carry lastIndex between lines.
  const printed = new RegExp(marker.source, marker.flags.replace('g', ''));
  const has = (i: number) => printed.test(lines[i]?.toUpperCase() ?? '');
  if (totalLine !== null && has(totalLine)) return totalLine;
  const first = lines.findIndex((_, i) => has(i));
  return first === -1 ? null : first;
}

/**
 * Countries whose money changed to the euro, with their old currency and the first day of the
 * euro. Croatia's receipts printed kuna and euro side by side from September 2022 to the end of
 * 2023, Bulgaria's lev and euro from August 2025 to August 2026.
 */
const EURO_CHANGEOVERS: Partial<Record<Country, { old: string; euroFrom: string }>> = {
  HR: { old: 'HRK', euroFrom: '2023-01-01' },
  BG: { old: 'BGN', euroFrom: '2026-01-01' },
};

/**
 * A country whose money changed to the euro: the receipt's date decides, the old currency until
 * the day before the euro and the euro from it. Receipts of the change-over print both ("Ukupno
 * kn 75,35" beside "Ukupno EUR 10,00"): without a date, the one printed beside the total's amount
 * (on a line that prints it) is the total's currency. Else the reading stands.
 */
export function datedCurrency(
  currency: CurrencyResult,
  country: Country | null,
  isoDate: string | null,
  total: { lines: readonly string[]; cents: number | null },
): CurrencyResult {
  const changeover =
    (country && EURO_CHANGEOVERS[country]) ??
    Object.values(EURO_CHANGEOVERS).find((c) => c.old === currency.value);
  if (!changeover || (currency.value !== 'EUR' && currency.value !== changeover.old)) {
    return currency;
  }
  let value: string | null = null;
  if (isoDate) value = isoDate < changeover.euroFrom ? changeover.old : 'EUR';
  else if (total.cents !== null) {
    const amount = (total.cents / 100).toFixed(2);
    const amounts = new RegExp(String.raw`(?<![\d.,])${amount.replace('.', '[.,]')}(?!\d)`);
    const beside = total.lines.filter((line) => amounts.test(line)).map((l) => l.toUpperCase());
    const prints = (code: string) => beside.some((line) => markerFor(code)?.test(line) ?? false);
    if (prints(changeover.old) !== prints('EUR')) value = prints('EUR') ? 'EUR' : changeover.old;
  }
  if (value === null || value === currency.value) return currency;
  const marker = markerFor(value);
  return { value, confidence: 0.8, marker: marker && new RegExp(marker.source, 'g') };
}

/** The markers of the receipt's currency and of the others it prints beside amounts. */
export interface CurrencyMarks {
  own: RegExp | null;
  others: RegExp;
}

/**
 * On a receipt that prints amounts in two currencies (a change-over's dual prices, a duty-free
 * shop's dollars under its euros): the markers of its own currency and of the others, so that
 * an amount marked in another currency is not taken for its total. Null when it prints no other.
 */
export function currencyMarks(
  text: string,
  code: string,
  country: Country | null,
): CurrencyMarks | null {
  const national = currencyOf(country);
  const printed = printedCodes(text.toUpperCase(), national);
  const others = printed.filter((c) => c.code !== code);
  if (others.length === 0) return null;
  const own = printed.filter((c) => c.code === code);
  return {
    own: own.length ? oneOf(own.map((c) => MARKERS[c.order][0])) : null,
    others: oneOf(others.map((c) => MARKERS[c.order][0])),
  };
}

/** One non-global pattern matching any of the given ones. */
function oneOf(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'));
}

/** The markers of one currency as one pattern (not global: for `test`), or null. */
function markerFor(code: string): RegExp | null {
  const printed = MARKERS.filter(([, c]) => c === code).map(([pattern]) => pattern);
  return printed.length === 0 ? null : oneOf(printed);
}
