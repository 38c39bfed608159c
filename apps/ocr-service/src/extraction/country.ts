/**
 * The country a receipt was printed in, from what it says about itself: an address (a US state and
 * ZIP code, a postcode with a city), a VAT or company number, a legal form, the country's name.
 * Evidence for the currency and for the order of day and month; null when nothing tells.
 */
export type Country =
  | 'US'
  | 'CA'
  | 'GB'
  | 'IE'
  | 'DE'
  | 'AT'
  | 'CH'
  | 'FR'
  | 'BE'
  | 'ES'
  | 'IT'
  | 'NL'
  | 'PT'
  | 'BR'
  | 'MY'
  | 'SG'
  | 'AU';

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

// Checked in order; the first that matches wins. Patterns run on upper-case, accent-folded text.
const SIGNS: [Country, RegExp][] = [
  [
    'MY',
    /\bSDN\.?\s?BHD\b|\bS\/B\b|\bMALAYSIA\b|\bJALAN\b|\bJOHOR\b|\bSELANGOR\b|\bKUALA\s?LUMPUR\b/,
  ],
  ['SG', /\bSINGAPORE\b|\bPTE\.?\s?LTD\b|\bUEN\b/],
  ['AU', /\bAUSTRALIA\b|\bABN\b|\bPTY\.?\s?LTD\b/],
  ['BR', /\bCNPJ\b|\bBRASIL\b|\bLTDA\b/],
  ['CH', /\bCHE[-\s]?\d{3}\.\d{3}\.\d{3}\b|\bSCHWEIZ\b|\bSUISSE\b|\bSVIZZERA\b/],
  ['AT', /\bATU\s?\d{8}\b|\bOSTERREICH\b|\bAUSTRIA\b/],
  [
    'DE',
    /\bDE\s?\d{9}\b|\bDEUTSCHLAND\b|\bGERMANY\b|\bUST[-.\s]?ID|\bSTEUER[-\s]?NR|\bGMBH\b|\bSTR(ASSE|\.)\s?\d|\bSTRASSE\b|\bHRB\s?\d/,
  ],
  [
    'FR',
    /\bFR\s?[0-9A-Z]{2}\s?\d{9}\b|\bSIRE[TN]\b|\bFRANCE\b|\bS\.?A\.?R\.?L\b|\bTVA\s?INTRA|\bRUE\b/,
  ],
  ['BE', /\bBE\s?0\d{9}\b|\bBELGI(QUE|E|UM)\b/],
  ['NL', /\bNL\s?\d{9}\s?B\s?\d{2}\b|\bNEDERLAND\b|\bB\.V\.|\bKVK\b|\bSTRAAT\b/],
  ['IT', /\bIT\s?\d{11}\b|\bP\.?\s?IVA\b|\bPARTITA IVA\b|\bITALIA\b|\bS\.R\.L\.?|\bS\.P\.A\.?/],
  ['PT', /\bPT\s?\d{9}\b|\bNIF:?\s?\d{9}\b|\bPORTUGAL\b|\bLDA\b|\bCONTRIBUINTE\b/],
  [
    'ES',
    /\bES\s?[A-Z]\d{7}[A-Z0-9]\b|\b(N|C)\.?I\.?F\.?:?\s?[A-Z]-?\d{7}[A-Z0-9]\b|\bESPANA\b|\bSPAIN\b|\bS\.L\.(U\.?)?(?!\w)|\bCALLE\b|\bAVDA\b/,
  ],
  ['IE', /\bIRELAND\b|\bEIRE\b|\bIE\s?\d{7}[A-Z]{1,2}\b/],
  [
    'GB',
    /\bGB\s?\d{3}\s?\d{4}\s?\d{2}\b|\bUNITED KINGDOM\b|\bENGLAND\b|\bLONDON\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/,
  ],
  [
    'CA',
    /\bCANADA\b|\bHST\b|\bGST\/HST\b|\b(ON|QC|BC|AB|MB|SK|NS|NB|NL|PE)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/,
  ],
  ['US', new RegExp(String.raw`\b(${US_STATES})\s+\d{5}(-\d{4})?\b|\bUSA\b|\bUNITED STATES\b`)],
];

/** The country the receipt's own text names or implies, or null. */
export function printedCountry(text: string): Country | null {
  const upper = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  for (const [country, pattern] of SIGNS) if (pattern.test(upper)) return country;
  return null;
}

export const EURO_COUNTRIES: ReadonlySet<Country> = new Set([
  'DE',
  'AT',
  'FR',
  'BE',
  'ES',
  'IT',
  'NL',
  'PT',
  'IE',
]);

export const CURRENCY_OF: Readonly<Record<Country, string>> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  CH: 'CHF',
  FR: 'EUR',
  BE: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  BR: 'BRL',
  MY: 'MYR',
  SG: 'SGD',
  AU: 'AUD',
};
