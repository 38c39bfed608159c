import { findAmounts, type AmountOptions } from './amount.js';
import type { DecimalMark } from './locale-number.js';
import { letterKey, type TextLine } from './text-lines.js';
import {
  isCashLine,
  labelOf,
  startsTaxSummary,
  type Label,
  type LabelKind,
} from './total-keywords.js';

export interface TotalResult {
  /** Integer cents. */
  cents: number | null;
  confidence: number;
  /** The index of the line the amount was read from; null when none was. */
  line: number | null;
}

/** An amount with the words printed just before it (since the previous amount). */
interface Labelled {
  cents: number;
  label: Label | null;
  line: number;
  summary: boolean;
  /** The line is a quantity line ("2 x 3,87"): its amount is a unit price, not a line total. */
  unitPrice: boolean;
}

/** A quantity line ("2 x 3,87", "3 Stk x"): its lone amount is a unit price. */
const QUANTITY = /\d\s?[xX×*]\s?\d|\d\s?(ST|STK|PCS|PC)\s?[xX×*]/;

/**
 * Labels each amount by the text between it and the amount before it on the line. A bare label
 * line ("TOTAL" with the amount below it, as Paddle often splits them) labels the next line's
 * first amount; an amount right after another amount shares its label.
 */
function labelAmounts(lines: TextLine[], options: AmountOptions): Labelled[] {
  const out: Labelled[] = [];
  let pending: Label | null = null;
  let summary = false;
  for (const [i, line] of lines.entries()) {
    if (startsTaxSummary(line.text)) summary = true;
    const amounts = findAmounts(line.text, options);
    if (amounts.length === 0) {
      pending = labelOf(line.text);
      continue;
    }
    let previousEnd = 0;
    let current: Label | null = null;
    for (const [k, amount] of amounts.entries()) {
      const text = line.text.slice(previousEnd, amount.index);
      const segment = letterKey(text);
      if (segment.length >= 2) current = labelOf(text);
      else if (k === 0) current = segment.length === 0 ? pending : null;
      previousEnd = amount.end;
      const unitPrice = amounts.length === 1 && QUANTITY.test(line.text);
      out.push({ cents: amount.cents, label: current, line: i, summary, unitPrice });
    }
    pending = null;
  }
  return out;
}

/**
 * What the order of the amounts says when their labels are lost (a receipt read as two columns:
 * every label, then every amount): an amount followed by a larger one and their difference (total,
 * cash given, change) is what was paid; an amount equal to the sum of the line amounts just before
 * it is a total of them. Returns extra support per amount value.
 */
function structuralSupport(amounts: Labelled[]): Map<number, number> {
  const support = new Map<number, number>();
  const add = (cents: number, n: number) =>
    support.set(cents, Math.max(support.get(cents) ?? 0, n));
  const flow = amounts.filter((a) => !a.summary && !a.unitPrice);
  for (let k = 0; k + 2 < flow.length; k++) {
    const [c, given, change] = [flow[k].cents, flow[k + 1].cents, flow[k + 2].cents];
    if (c > 0 && given > c && change > 0 && given - change === c) add(c, 4);
  }
  // One amount per line (the last), so "2 x 3,87 7,74" counts 7,74 only.
  const perLine = flow.filter((a, i) => flow[i + 1]?.line !== a.line);
  for (let k = 2; k < perLine.length; k++) {
    let sum = 0;
    for (let j = k - 1; j >= 0; j--) {
      sum += perLine[j].cents;
      if (k - j >= 2 && sum === perLine[k].cents && sum > 0) {
        add(sum, 3);
        break;
      }
    }
  }
  return support;
}

interface Candidate {
  cents: number;
  weight: number;
  line: number;
  /** Not printed but computed (cash − change). */
  derived?: boolean;
  /** Read from a card payment line. */
  card?: boolean;
}

export interface TotalOptions {
  /** The receipt's decimal mark, when known (see locale-number.ts). */
  decimalMark?: DecimalMark | null;
  /** The receipt's currency has no minor units (see amount.ts, WHOLE_UNIT_CURRENCIES). */
  wholeUnits?: boolean;
}

/**
 * Gross amounts of a tax table: rows of net, tax and gross ("A 19% 20,36 3,87 24,23") where two
 * amounts add up to a later one. Their sum is the receipt total; a closing row that already sums
 * the others is not counted twice.
 */
function taxTableTotals(amounts: Labelled[]): number[] {
  const rows = new Map<number, number[]>();
  for (const a of amounts) {
    if (a.summary) rows.set(a.line, [...(rows.get(a.line) ?? []), a.cents]);
  }
  const gross: number[] = [];
  for (const values of rows.values()) {
    const found = values.find((c, k) =>
      values.some((a, i) => i < k && values.some((b, j) => j > i && j < k && a + b === c)),
    );
    if (found !== undefined && found > 0) gross.push(found);
  }
  if (gross.length === 0) return [];
  const all = gross.reduce((s, g) => s + g, 0);
  const last = gross[gross.length - 1];
  const before = all - last;
  return gross.length > 1 && before === last ? [last] : [all];
}

/**
 * Picks the receipt total. Amounts on total-like lines rank by label strength; then it counts in
 * favour of an amount that is paid the same (CASH/VISA), printed again, equal to cash − change or
 * to subtotal + tax (+ service, rounding) or to the gross sum of a tax table; ties go to the larger, then the later amount. Amounts in
 * a tax summary hardly count. Without any labelled amount the most repeated, then largest, is
 * taken with low confidence.
 */
export function extractTotal(lines: TextLine[], options: TotalOptions = {}): TotalResult {
  const amounts = labelAmounts(lines, {
    decimalMark: options.decimalMark ?? null,
    wholeUnits: options.wholeUnits,
  });
  const first = (kind: LabelKind) =>
    amounts.find((a) => a.label?.kind === kind && !a.summary && a.cents !== 0)?.cents ?? null;
  const cash =
    amounts.find((a) => a.label?.kind === 'payment' && !a.summary && isCashLine(lines[a.line].text))
      ?.cents ?? null;
  const change = first('change');
  const paidFor = cash !== null && change !== null ? Math.abs(cash) - Math.abs(change) : null;
  const subtotal = first('subtotal');
  const taxes = amounts
    .filter((a) => a.label?.kind === 'tax' && !a.summary && a.cents !== 0)
    .map((a) => a.cents);
  const rounding =
    amounts.find((a) => a.label?.kind === 'rounding' && Math.abs(a.cents) < 100)?.cents ?? 0;
  const hasRounding = amounts.some((a) => a.label?.kind === 'rounding');
  const tableTotals = taxTableTotals(amounts);
  const sums = new Set<number>(tableTotals);
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
    if (kind === 'payment' && !a.summary && !isCashLine(lines[a.line].text)) {
      // A card charged ("Kartenzahlung", "EC-Cash", "VISA", "Credit/Debit") is the amount paid
      // itself: nearly as telling as a total word, and it never includes change.
      candidates.push({ cents: a.cents, weight: 6, line: a.line, card: true });
    } else if (kind === 'total' || kind === 'subtotal' || kind === 'payment') {
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
      derived: true,
      line: amounts.find((a) => a.cents === change)!.line,
    });
  }
  // The gross sum of a tax table is what was paid even when OCR garbled the total line
  // ("TOTAL 35:55" above "A 19% 20.36 3.87 24.23 / B 7% 10.58 0.74 11.32"): a candidate of its
  // own, below any readable total word (the table's support lifts it to 7, a total word is 8).
  for (const cents of tableTotals) {
    if (cents <= 0 || candidates.some((c) => c.cents === cents && c.weight >= 4)) continue;
    const line = amounts.filter((a) => a.summary).at(-1)?.line ?? amounts[amounts.length - 1].line;
    candidates.push({ cents, weight: 4, derived: true, line });
  }
  // A "total" that tax lines printed after it turn into a later total is the amount before tax
  // ("Total Amount 155.50 / GST 6% 9.31 / Rounding -0.01 / TOTAL 164.80").
  for (const c of candidates) {
    if (c.derived || c.weight < 4) continue;
    const after = amounts.filter(
      (a) => a.label?.kind === 'tax' && !a.summary && a.line > c.line && a.cents > 0,
    );
    if (after.length === 0) continue;
    const allTax = after.reduce((sum, a) => sum + a.cents, 0);
    // With a rounding line, a few cents either way (OCR reads its "-" as "~" or drops it).
    const slack = hasRounding ? 5 : 0;
    const later = candidates.find(
      (o) =>
        o.line > c.line &&
        o.weight >= 4 &&
        [after[0].cents, allTax].some((t) => Math.abs(o.cents - (c.cents + t)) <= slack),
    );
    if (later) {
      c.weight -= 4;
      sums.add(later.cents);
    }
  }
  // A "total" that a tax amount printed anywhere turns into what the card was charged is the
  // net ("1.30 VAT TTL 9.35 / Net TTL 8.05 / Credit/Debit 9.35").
  const taxAmounts = new Set(
    amounts.filter((a) => a.label?.kind === 'tax' && a.cents > 0).map((a) => a.cents),
  );
  for (const c of candidates) {
    if (c.card || c.derived || c.weight < 4) continue;
    const charged = candidates.find(
      (o) => o.card && o.cents > c.cents && taxAmounts.has(o.cents - c.cents),
    );
    if (charged) c.weight -= 4;
  }
  // The amount paid is the total printed after a rounding line: the total it adjusts plus the
  // rounding ("TOTAAL 97,39 / Afronding 0,01 / Te betalen 97,40").
  const roundingLine = amounts.find((a) => a.label?.kind === 'rounding')?.line ?? -1;
  if (rounding !== 0) {
    const adjusted = new Set(
      candidates.filter((c) => c.weight >= 4).map((c) => c.cents + rounding),
    );
    for (const c of candidates) {
      if (!c.derived && c.weight >= 4 && c.line > roundingLine && adjusted.has(c.cents)) {
        c.weight += 4;
      }
    }
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
  if (candidates.length === 0) return { cents: null, confidence: 0, line: null };

  const structure = structuralSupport(amounts);
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
    const consistent =
      (paidFor === c.cents ? 3 : 0) + (sums.has(c.cents) ? 3 : 0) + (structure.get(c.cents) ?? 0);
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
  // A different amount almost as likely: say so rather than sound sure.
  const rival = ranked.find((r) => r.cents !== best.cents);
  if (rival && rival.weight + rival.support >= best.weight + best.support - 1) confidence *= 0.8;
  const lineConfidence = lines[best.line].confidence;
  if (lineConfidence !== null) confidence *= Math.min(1, 0.5 + lineConfidence / 2 + 0.05);
  return { cents: best.cents, confidence, line: best.line };
}
