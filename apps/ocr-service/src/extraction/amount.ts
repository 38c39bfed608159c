/** A money amount found in a line, in integer cents (never floats). */
export interface FoundAmount {
  cents: number;
  /** Offset of the match in the line, and just past its end. */
  index: number;
  end: number;
  /** A currency symbol or code was printed right before the number. */
  currency: string | null;
}

const CURRENCY_PREFIX = String.raw`(RM|MYR|USD|US\$|S\$|SGD|A\$|AUD|C\$|CAD|NZ\$|EUR|GBP|\$|£|€|¥)`;

// sign, optional currency, optional sign, integer part (plain or with , . ' thousands groups),
// decimal separator, two decimals. OCR often puts a space around the decimal point ("9. 00").
const AMOUNT = new RegExp(
  String.raw`(?<![\d.,])(-)?(?:${CURRENCY_PREFIX}\s?)?(-)?` +
    String.raw`(\d{1,3}(?:[,.']\d{3})+|\d+)(?:\s?([.,])\s?(\d{2}))?(?!\d|[.,]\d)(-(?=\s|$))?`,
  'gi',
);

/** Fixes O/o read for 0 inside number-like tokens ("9.0O", "1O.50"). */
function fixDigits(line: string): string {
  return line.replace(/(?<![A-Za-z])[\dOo]*\d[\dOo]*[.,][\dOo]{2}(?![A-Za-z])/g, (token) =>
    token.replace(/[Oo]/g, '0'),
  );
}

/** Integer cents of an integer part and a two-digit decimal part, without float arithmetic. */
function toCents(integerPart: string, decimals: string): number | null {
  const digits = integerPart.replace(/[,.']/g, '');
  if (digits.length > 9) return null;
  return Number(digits) * 100 + Number(decimals);
}

/**
 * Finds amounts with two decimals ("12.50", "1,234.56", "1.234,56", "RM 9. 00", "-0.01"), and
 * whole amounts only when a currency is printed before them ("$5"). Percentages and parts of
 * dates ("25.12.2018") are not amounts.
 */
export function findAmounts(line: string): FoundAmount[] {
  const fixed = fixDigits(line);
  const found: FoundAmount[] = [];
  for (const m of fixed.matchAll(AMOUNT)) {
    const [whole, signBefore, currency, signAfterCurrency, integerPart, separator, decimals] = m;
    const signAfter = m[7];
    const end = (m.index ?? 0) + whole.length;
    if (fixed[end] === '%' || fixed.slice(end).startsWith(' %')) continue;
    if (decimals === undefined || separator === undefined) {
      if (!currency) continue;
      // A whole amount after a currency: "$5", "RM 12".
      if (integerPart.length > 7) continue;
      found.push({
        cents: Number(integerPart.replace(/[,.']/g, '')) * 100,
        index: m.index ?? 0,
        end,
        currency,
      });
      continue;
    }
    // "1,234" followed by ",56" was taken as thousands + decimals; a lone "12,345" is not money.
    const cents = toCents(integerPart, decimals);
    if (cents === null) continue;
    const negative = Boolean(signBefore ?? signAfterCurrency ?? signAfter);
    found.push({
      cents: negative ? -cents : cents,
      index: m.index ?? 0,
      end,
      currency: currency ?? null,
    });
  }
  return found;
}

/** Parses one money string ("RM 29.70", "$8.20", "43.7", "1.234,56") to cents; null if none. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim();
  const oneDecimal = /^(?:[A-Z$£€]{0,3}\s?)(\d+)[.,](\d)$/i.exec(trimmed);
  if (oneDecimal) return Number(oneDecimal[1]) * 100 + Number(oneDecimal[2]) * 10;
  const amounts = findAmounts(trimmed);
  if (amounts.length > 0) return amounts[amounts.length - 1].cents;
  const whole = /^(?:[A-Z$£€]{0,3}\s?)(\d{1,7})$/i.exec(trimmed);
  return whole ? Number(whole[1]) * 100 : null;
}

/** Cents to a number with two decimals (one division, so no accumulated float error). */
export function centsToNumber(cents: number): number {
  return Math.round(cents) / 100;
}
