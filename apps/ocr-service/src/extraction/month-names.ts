/**
 * Month names, full and abbreviated, in English, German, French, Spanish, Italian, Dutch,
 * Portuguese and Malay, upper case with accents folded (the text is folded the same way before
 * matching). Abbreviations shared by several languages ("MAR", "JUN") mean the same month in all.
 */
const NAMES: readonly (readonly string[])[] = [
  [
    'JANUARY',
    'JANUAR',
    'JANNER',
    'JANVIER',
    'JANV',
    'ENERO',
    'ENE',
    'GENNAIO',
    'GEN',
    'JANUARI',
    'JANEIRO',
    'JAN',
  ],
  [
    'FEBRUARY',
    'FEBRUAR',
    'FEVRIER',
    'FEVR',
    'FEBRERO',
    'FEBBRAIO',
    'FEBRUARI',
    'FEVEREIRO',
    'FEV',
    'FEB',
  ],
  ['MARCH', 'MARZ', 'MAERZ', 'MRZ', 'MARS', 'MARZO', 'MAART', 'MRT', 'MARCO', 'MAC', 'MAR'],
  ['APRIL', 'AVRIL', 'AVR', 'ABRIL', 'ABR', 'APRILE', 'APR'],
  ['MAY', 'MAI', 'MAYO', 'MAGGIO', 'MAG', 'MEI', 'MAIO'],
  ['JUNE', 'JUNI', 'JUIN', 'JUNIO', 'GIUGNO', 'GIU', 'JUNHO', 'JUN'],
  ['JULY', 'JULI', 'JUILLET', 'JUIL', 'JULIO', 'LUGLIO', 'LUG', 'JULHO', 'JULAI', 'JUL'],
  ['AUGUST', 'AOUT', 'AGOSTO', 'AGO', 'AUGUSTUS', 'OGOS', 'OGO', 'AUG'],
  [
    'SEPTEMBER',
    'SEPTEMBRE',
    'SEPTIEMBRE',
    'SETIEMBRE',
    'SETTEMBRE',
    'SETEMBRO',
    'SEPT',
    'SEP',
    'SET',
  ],
  ['OCTOBER', 'OKTOBER', 'OCTOBRE', 'OCTUBRE', 'OTTOBRE', 'OTT', 'OUTUBRO', 'OUT', 'OCT', 'OKT'],
  ['NOVEMBER', 'NOVEMBRE', 'NOVIEMBRE', 'NOVEMBRO', 'NOV'],
  [
    'DECEMBER',
    'DEZEMBER',
    'DECEMBRE',
    'DICIEMBRE',
    'DICEMBRE',
    'DEZEMBRO',
    'DISEMBER',
    'DEC',
    'DEZ',
    'DIC',
    'DIS',
  ],
];

const BY_NAME = new Map<string, number>(
  NAMES.flatMap((names, month) => names.map((name): [string, number] => [name, month + 1])),
);

/** Upper case, accents folded, O read as 0 by OCR turned back ("0CT", "N0V"). */
export function foldMonth(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/0/g, 'O')
    .replace(/\.$/, '');
}

/** 1..12 for a month name in any of the languages, or 0. */
export function monthNumber(word: string): number {
  return BY_NAME.get(foldMonth(word)) ?? 0;
}

/**
 * A regular-expression source matching any month name (longest first, so "JUNI" wins over
 * "JUN"), with O/0 confusions and an optional closing dot; to be used case-insensitively on
 * accent-folded text.
 */
export const MONTH_PATTERN = `(${[...BY_NAME.keys()]
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/O/g, '[O0]'))
  .join('|')})\\.?`;
