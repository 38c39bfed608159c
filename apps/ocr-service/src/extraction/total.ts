import { findAmounts } from './amount.js';
import { letterKey, type TextLine } from './text-lines.js';

export interface TotalResult {
  /** Integer cents. */
  cents: number | null;
  confidence: number;
}

type LabelKind = 'total' | 'payment' | 'subtotal' | 'tax' | 'change' | 'rounding' | 'other';

interface Label {
  kind: LabelKind;
  weight: number;
}

// Matched against letters only (uppercase, no spaces), so "GRANDTOTAL" from Paddle and
// "Grand Total:" from tesseract look the same. Order matters: the first match wins.
const LABELS: [RegExp, Label][] = [
  [/CHANGE|BAKI|KEMBALI|TUKAR|CKGELD|WECHSELGELD|RENDU|CAMBIO/, { kind: 'change', weight: 0 }],
  [/ROUND(ED|ING)?TOTAL|TOTA?L?[A-Z]*ROU/, { kind: 'total', weight: 10 }],
  [/ROUND|ADJUSTMENT|ADJ$/, { kind: 'rounding', weight: 0 }],
  [
    /SUBTOTAL|SUBTTL|SUBTOTL|TOTALEX|EXCL|TOTALBEFORE|BEFORE(TAX|GST)|NETTOFTAX/,
    { kind: 'subtotal', weight: 2 },
  ],
  [
    /TOTAL(QTY|QUANTITY|ITEM|UNIT|PCS|NO|SAV|DISC|POINT|PT|WEIGHT)|NOOFITEM|DISCOUNT|SAVING|POINTS?$|QTY$/,
    { kind: 'other', weight: 0 },
  ],
  [/INCLUDED(GST|TAX|VAT|SST)|(GST|TAX|VAT|SST)INCLUDED/, { kind: 'tax', weight: 0 }],
  [
    /TOTA?L?INC|INCLUSIV|TOTALWITH|GRANDTOTAL|AMOUNTDUE|TOTALDUE|BALANCEDUE|PAYABLE|NETTTOTAL|NETTOTAL|JUMLAH/,
    { kind: 'total', weight: 10 },
  ],
  // Before the tax rule: "Total Sales (Inclusiva of GST)", "Total After adj Incl GST" name GST
  // but are the total (the exclusive ones are subtotals, matched above).
  [/TOTALSALES(?!TAX)|TOTA?L?[A-Z]*INCL/, { kind: 'total', weight: 8 }],
  [/GST|SST|VAT|TAX|SERVICE|SVC|TIP/, { kind: 'tax', weight: 0 }],
  [/TOTALAMOUNT|TOTALSALES|TOTALRM|TOTALMYR|TOTALTOPAY|AMOUNTTOPAY/, { kind: 'total', weight: 9 }],
  [/TOTA|OTAL|TTL|^TOT$|SUMME|GESAMT|BETRAG|TOTAAL|MONTANT|IMPORTE/, { kind: 'total', weight: 8 }],
  [/NETT|NETAMOUNT|AMOUNTPAID|TOPAY/, { kind: 'total', weight: 6 }],
  [
    /CASH|TUNAI|TENDER|VISA|MASTER|AMEX|CARD|CREDIT|DEBIT|PAID|PAYMENT|EFTPOS|GRAB|TNG|EWALLET|GEGEBEN|BAR$|ESPECES|EFECTIVO|CONTANTI/,
    { kind: 'payment', weight: 3 },
  ],
  [/^AMOUNT$|^AMT$|^AMOUNTRM$|BALANCE|^DUE$/, { kind: 'total', weight: 4 }],
];

/** Lines from here on summarise tax per rate; their "TOTAL" is not the receipt total. */
const SUMMARY_START = /(GST|TAX|SST|VAT)(SUM|ANAL)|SUMMARY|TAXCODE/;
const CASH_KEY = /CASH|TUNAI|TENDER|GEGEBEN|BAR$/;

function labelOf(key: string): Label | null {
  if (key.length < 2) return null;
  for (const [pattern, label] of LABELS) if (pattern.test(key)) return label;
  return null;
}

/** An amount with the words printed just before it (since the previous amount). */
interface Labelled {
  cents: number;
  label: Label | null;
  line: number;
  summary: boolean;
}

/**
 * Labels each amount by the text between it and the amount before it on the line. A bare label
 * line ("TOTAL" with the amount below it, as Paddle often splits them) labels the next line's
 * first amount; an amount right after another amount shares its label.
 */
function labelAmounts(lines: TextLine[]): Labelled[] {
  const out: Labelled[] = [];
  let pending: Label | null = null;
  let summary = false;
  for (const [i, line] of lines.entries()) {
    const key = letterKey(line.text);
    if (SUMMARY_START.test(key)) summary = true;
    const amounts = findAmounts(line.text);
    if (amounts.length === 0) {
      pending = labelOf(key);
      continue;
    }
    let previousEnd = 0;
    let current: Label | null = null;
    for (const [k, amount] of amounts.entries()) {
      const segment = letterKey(line.text.slice(previousEnd, amount.index));
      if (segment.length >= 2) current = labelOf(segment);
      else if (k === 0) current = segment.length === 0 ? pending : null;
      previousEnd = amount.end;
      out.push({ cents: amount.cents, label: current, line: i, summary });
    }
    pending = null;
  }
  return out;
}

interface Candidate {
  cents: number;
  weight: number;
  line: number;
}

/**
 * Picks the receipt total. Amounts on total-like lines rank by label strength; then it counts in
 * favour of an amount that is paid the same (CASH/VISA), printed again, equal to cash − change or
 * to subtotal + tax (+ service, rounding); ties go to the larger, then the later amount. Amounts in
 * a tax summary hardly count. Without any labelled amount the most repeated, then largest, is
 * taken with low confidence.
 */
export function extractTotal(lines: TextLine[]): TotalResult {
  const amounts = labelAmounts(lines);
  const first = (kind: LabelKind) =>
    amounts.find((a) => a.label?.kind === kind && !a.summary && a.cents !== 0)?.cents ?? null;
  const cash =
    amounts.find(
      (a) =>
        a.label?.kind === 'payment' && !a.summary && CASH_KEY.test(letterKey(lines[a.line].text)),
    )?.cents ?? null;
  const change = first('change');
  const paidFor = cash !== null && change !== null ? Math.abs(cash) - Math.abs(change) : null;
  const subtotal = first('subtotal');
  const taxes = amounts
    .filter((a) => a.label?.kind === 'tax' && !a.summary && a.cents !== 0)
    .map((a) => a.cents);
  const rounding =
    amounts.find((a) => a.label?.kind === 'rounding' && Math.abs(a.cents) < 100)?.cents ?? 0;
  const sums = new Set<number>();
  if (subtotal !== null && taxes.length > 0) {
    const allTaxes = taxes.reduce((s, t) => s + t, 0);
    for (const extra of [taxes[0], allTaxes]) {
      sums.add(subtotal + extra);
      sums.add(subtotal + extra + rounding);
    }
  }

  const candidates: Candidate[] = [];
  for (const a of amounts) {
    if (a.cents <= 0) continue;
    const kind = a.label?.kind;
    if (kind === 'total' || kind === 'subtotal' || kind === 'payment') {
      candidates.push({
        cents: a.cents,
        weight: a.label!.weight - (a.summary ? 6 : 0),
        line: a.line,
      });
    } else if (kind === 'rounding' && a.cents >= 100) {
      // A rounding adjustment is a few cents; a larger amount there is the rounded total.
      candidates.push({ cents: a.cents, weight: 7, line: a.line });
    } else if (a.label === null && !a.summary) {
      candidates.push({ cents: a.cents, weight: 1, line: a.line });
    }
  }
  // Cash minus change is what was paid: a candidate even when the total line was misread.
  if (paidFor !== null && paidFor > 0 && change !== 0) {
    candidates.push({
      cents: paidFor,
      weight: 5,
      line: amounts.find((a) => a.cents === change)!.line,
    });
  }
  // A large "rounding" amount next to a total a few cents off is the rounded total.
  for (const c of candidates) {
    if (c.weight !== 7) continue;
    if (
      candidates.some(
        (o) => o.weight >= 8 && o.cents !== c.cents && Math.abs(o.cents - c.cents) <= 5,
      )
    ) {
      c.weight = 11;
    }
  }
  if (candidates.length === 0) return { cents: null, confidence: 0 };

  const support = (c: Candidate) => {
    let paid = 0;
    let totals = 0;
    let others = 0;
    for (const a of amounts) {
      if (a.line === c.line || Math.abs(a.cents) !== c.cents) continue;
      const kind = a.label?.kind;
      if (kind === 'payment') paid = 2;
      else if (kind === 'total' && !a.summary) totals += 1;
      else others += 0.5;
    }
    const consistent = (paidFor === c.cents ? 3 : 0) + (sums.has(c.cents) ? 3 : 0);
    // Nobody pays less cash than the total when change is given.
    const overpaid = cash !== null && change !== null && c.cents > Math.abs(cash) ? -5 : 0;
    return paid + Math.min(totals, 2) + Math.min(others, 1) + consistent + overpaid;
  };
  const ranked = candidates
    .map((c) => ({ ...c, support: support(c) }))
    .sort(
      (a, b) =>
        b.weight + b.support - (a.weight + a.support) || b.cents - a.cents || b.line - a.line,
    );
  const best = ranked[0];
  let confidence: number;
  if (best.weight >= 8) confidence = best.support >= 2 ? 0.95 : 0.85;
  else if (best.weight >= 4) confidence = best.support >= 2 ? 0.75 : 0.6;
  else confidence = best.support >= 3 ? 0.6 : 0.3;
  const lineConfidence = lines[best.line].confidence;
  if (lineConfidence !== null) confidence *= Math.min(1, 0.5 + lineConfidence / 2 + 0.05);
  return { cents: best.cents, confidence };
}
