export interface CurrencyResult {
  /** ISO 4217 code */
  value: string | null;
  confidence: number;
}

// Unambiguous symbols and codes. Checked in order: "S$" before "$", codes before symbols.
const MARKERS: [RegExp, string][] = [
  [/\b(MYR|RM)\s?\d|\b(MYR|RINGGIT)\b|\(RM\)|\bRM\b/, 'MYR'],
  [/\bSGD\b|\bS\$/, 'SGD'],
  [/\bAUD\b|\bA\$|AU\$/, 'AUD'],
  [/\bCAD\b|\bC\$|CA\$/, 'CAD'],
  [/\bNZD\b|NZ\$/, 'NZD'],
  [/\bHKD\b|HK\$/, 'HKD'],
  [/\bUSD\b|US\$/, 'USD'],
  [/€|\bEUR\b|\bEURO\b/, 'EUR'],
  [/£|\bGBP\b/, 'GBP'],
  [/\bCHF\b/, 'CHF'],
  [/\bJPY\b|¥|円/, 'JPY'],
  [/₹|\bINR\b|\bRS\.?\s?\d/, 'INR'],
  [/\bIDR\b|\bRP\.?\s?\d/, 'IDR'],
  [/฿|\bTHB\b/, 'THB'],
  [/₱|\bPHP\b/, 'PHP'],
];

// Where a bare "$" is used by more than one country, the rest of the receipt decides.
const DOLLAR_COUNTRY: [RegExp, string][] = [
  [
    /\bSDN\.?\s?BHD\b|\bS\/B\b|\bMALAYSIA\b|\bJALAN\b|\bJOHOR\b|\bSELANGOR\b|\bKUALA\s?LUMPUR\b/,
    'MYR',
  ],
  [/\bSINGAPORE\b|\bPTE\.?\s?LTD\b|\bUEN\b/, 'SGD'],
  [/\bAUSTRALIA\b|\bABN\b|\bPTY\.?\s?LTD\b/, 'AUD'],
  [/\bCANADA\b|\bHST\b|\bGST\/HST\b/, 'CAD'],
  [/\bNEW ZEALAND\b/, 'NZD'],
];

/** Reads the currency from symbols and codes; RM → MYR, a bare $ → USD unless the text says otherwise. */
export function extractCurrency(text: string): CurrencyResult {
  const upper = text.toUpperCase();
  for (const [pattern, code] of MARKERS) {
    if (pattern.test(upper)) return { value: code, confidence: 0.9 };
  }
  if (/\$/.test(upper)) {
    for (const [pattern, code] of DOLLAR_COUNTRY) {
      if (pattern.test(upper)) return { value: code, confidence: 0.7 };
    }
    return { value: 'USD', confidence: 0.7 };
  }
  // No symbol at all: a Malaysian company or address still settles it.
  if (DOLLAR_COUNTRY[0][0].test(upper)) return { value: 'MYR', confidence: 0.5 };
  return { value: null, confidence: 0 };
}
