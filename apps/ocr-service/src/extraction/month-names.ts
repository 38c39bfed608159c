/**
 * Month names, full and abbreviated, in English, German, French, Spanish, Italian, Dutch,
 * Portuguese and Malay, upper case with accents folded (the text is folded the same way before
 * matching); more languages below (MORE_NAMES). Abbreviations shared by several languages
 * ("MAR", "JUN") mean the same month in all.
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

/**
 * The months as Polish, Czech, Turkish, Ukrainian, Russian, Romanian, Hungarian, the Nordic
 * languages and Indonesian write them in a date (the genitive where the language uses it:
 * "20 listopada 2024", "20. listopadu 2024", "20 листопада 2024"), spelled as printed and folded
 * like the text. Not Croatian, whose `listopad` is October where Czech and Polish mean November.
 */
const MORE_NAMES: readonly (readonly string[])[] = [
  ['stycznia', 'styczeń', 'ledna', 'leden', 'Ocak', 'січня', 'января', 'ianuarie', 'tammikuuta'],
  ['lutego', 'luty', 'února', 'únor', 'Şubat', 'лютого', 'февраля', 'februarie', 'helmikuuta'],
  [
    'marca',
    'marzec',
    'března',
    'březen',
    'Mart',
    'березня',
    'марта',
    'martie',
    'március',
    'marts',
    'maaliskuuta',
    'Maret',
  ],
  [
    'kwietnia',
    'kwiecień',
    'dubna',
    'duben',
    'Nisan',
    'квітня',
    'апреля',
    'aprilie',
    'április',
    'huhtikuuta',
  ],
  ['maja', 'května', 'květen', 'Mayıs', 'травня', 'мая', 'május', 'maj', 'toukokuuta'],
  [
    'czerwca',
    'czerwiec',
    'června',
    'červen',
    'Haziran',
    'червня',
    'июня',
    'iunie',
    'június',
    'kesäkuuta',
  ],
  [
    'lipca',
    'lipiec',
    'července',
    'červenec',
    'Temmuz',
    'липня',
    'июля',
    'iulie',
    'július',
    'heinäkuuta',
  ],
  [
    'sierpnia',
    'sierpień',
    'srpna',
    'srpen',
    'Ağustos',
    'серпня',
    'августа',
    'augusztus',
    'augusti',
    'elokuuta',
    'Agustus',
  ],
  [
    'września',
    'wrzesień',
    'září',
    'Eylül',
    'вересня',
    'сентября',
    'septembrie',
    'szeptember',
    'syyskuuta',
  ],
  [
    'października',
    'październik',
    'října',
    'říjen',
    'Ekim',
    'жовтня',
    'октября',
    'octombrie',
    'október',
    'lokakuuta',
  ],
  [
    'listopada',
    'listopadu',
    'listopad',
    'Kasım',
    'листопада',
    'ноября',
    'noiembrie',
    'marraskuuta',
  ],
  [
    'grudnia',
    'grudzień',
    'prosince',
    'prosinec',
    'Aralık',
    'грудня',
    'декабря',
    'decembrie',
    'desember',
    'joulukuuta',
    'Desember',
  ],
];

const BY_NAME = new Map<string, number>(
  [NAMES, MORE_NAMES].flatMap((table) =>
    table.flatMap((names, month) =>
      names.map((name): [string, number] => [foldMonth(name), month + 1]),
    ),
  ),
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
