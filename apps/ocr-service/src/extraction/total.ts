import { findAmounts, printsMarkGroups, type AmountOptions, type FoundAmount } from './amount.js';
import { calibrated, totalBasis } from './calibration.js';
import type { DecimalMark } from './locale-number.js';
import { letterKey, type TextLine } from './text-lines.js';
import {
  hasLabelText,
  isCashLine,
  labelOf,
  startsTaxSummary,
  type Label,
  type LabelKind,
} from './total-keywords.js';
import { ratesIn } from './percent.js';
import type { CurrencyMarks } from './currency.js';
import { markedOtherwise } from './marked-amounts.js';

export interface TotalResult {
  /** Integer cents. */
  cents: number | null;
  confidence: number;
  /** The kind of evidence the amount rests on (calibration.ts); null when none was read. */
  basis: string | null;
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

const UNIT_PRICE: Label = { kind: 'other', weight: 0 };
/** A quantity line ("2 x 3,87", "3 Stk x"): its lone amount is a unit price. */
/**
 * Money given back, in the languages read: "REFUND TO VISA", "Erstattung", "Remboursement"; not
 * a fare's "non-refundable".
 */
const REFUND_WORD =
  /(?<!NON)REFUND(?!ABLE)|ERSTATTUNG|REMBOURSEMENT|REEMBOLSO|DEVOLUCION|RIMBORSO|TERUGBETALING|ZWROT/;
const QUANTITY = /\d\s?[xX×*]\s?\d|\d\s?(ST|STK|PCS|PC)\s?[xX×*]/;

/**
 * A column of labels read before its column of amounts ("TOTAL / CASH / CHANGE" then "38.80 /
 * 50.00 / 11.20"): as many bare amount lines right after as label lines pair up in order. Returns
 * the label per amount line so paired.
 */
function columnLabels(lines: TextLine[], found: FoundAmount[][]): Map<number, Label> {
  const paired = new Map<number, Label>();
  const bare = (i: number) =>
    found[i].length > 0 && !/\p{L}/u.test(lines[i].text.slice(0, found[i][0].index));
  let i = 0;
  while (i < lines.length) {
    const labels: Label[] = [];
    let j = i;
    for (let label; j < lines.length && found[j].length === 0; j++) {
      label = labelOf(lines[j].text);
      if (!label) break;
      labels.push(label);
    }
    let k = j;
    while (k < lines.length && k - j < labels.length && bare(k)) k++;
    if (labels.length >= 2 && k - j === labels.length && !(k < lines.length && bare(k))) {
      labels.forEach((label, n) => paired.set(j + n, label));
    }
    i = Math.max(j, i + 1);
  }
  return paired;
}

/**
 * Labels each amount by the text between it and the amount before it on the line. A bare label
 * line ("TOTAL" with the amount below it, as Paddle often splits them) labels the next line's
 * first amount; an amount right after another amount shares its label.
 */
function labelAmounts(
  lines: TextLine[],
  options: AmountOptions,
  marks: CurrencyMarks | null,
): Labelled[] {
  const found = lines.map((line) => findAmounts(line.text, options));
  const columns = columnLabels(lines, found);
  const out: Labelled[] = [];
  let pending: Label | null = null;
  let summary = false;
  for (const [i, line] of lines.entries()) {
    if (startsTaxSummary(line.text)) summary = true;
    pending = columns.get(i) ?? pending;
    if (found[i].length === 0) {
      pending = labelOf(line.text);
      continue;
    }
    // Amounts in another currency than the receipt's (dual prices) are not its money; a line
    // of them only labels nothing below it.
    const otherwise = marks && markedOtherwise(line.text, found[i], marks);
    const amounts = otherwise ? found[i].filter((_, k) => !otherwise[k]) : found[i];
    if (amounts.length === 0) {
      pending = null;
      continue;
    }
    // A tax summary's rows print several amounts; a total word before one amount alone is the
    // receipt's total after its base and tax ("Base imponible 21,27 / IVA 2,13 / TOTAL 23,40").
    if (
      summary &&
      amounts.length === 1 &&
      labelOf(line.text.slice(0, amounts[0].index))?.kind === 'total'
    ) {
      summary = false;
    }
    let previousEnd = 0;
    let current: Label | null = null;
    for (const [k, amount] of amounts.entries()) {
      const text = line.text.slice(previousEnd, amount.index);
      if (hasLabelText(text)) current = labelOf(text, { beforeAmount: true });
      else if (k === 0) current = /\p{L}/u.test(text) ? null : pending;
      previousEnd = amount.end;
      // "0.64 @ $12.99", "7.90×2", "2 x 3,87": a weight or count at a unit price; neither is a
      // line total.
      const after = line.text.slice(amount.end);
      const at = /@\s*$|\d\s?[xX×*]\s?$/.test(text) || /^\s*@|^\s?[xX×*]\s?\d/.test(after);
      const unitPrice = at || (amounts.length === 1 && QUANTITY.test(line.text));
      const label = at ? UNIT_PRICE : current;
      out.push({ cents: amount.cents, label, line: i, summary, unitPrice });
    }
    pending = null;
  }
  return out;
}

/** What the order of the amounts says: support per amount value, and the values it outdates. */
interface Structure {
  support: Map<number, number>;
  /** Subtotals a later amount takes a discount from ("194,000" before "19,400 / 174,600"). */
  outdated: Set<number>;
}

/**
 * What the order of the amounts says when their labels are lost (a receipt read as two columns:
 * every label, then every amount): an amount followed by a larger one and their difference (total,
 * cash given, change) is what was paid; an amount equal to the sum of the line amounts just before
 * it is a total of them; the largest amount so far less the one after it, printed next, is the
 * total after a discount ("194,000 / 19,400 / 174,600"), and outdates the first; an amount that the
 * next two add up to is a total paid in two parts or split into net and tax. A total is larger than
 * every amount printed before it, so sums that are not are chance.
 */
function structuralSupport(amounts: Labelled[]): Structure {
  const support = new Map<number, number>();
  const outdated = new Set<number>();
  const add = (cents: number, n: number) =>
    support.set(cents, Math.max(support.get(cents) ?? 0, n));
  const flow = amounts.filter((a) => !a.summary && !a.unitPrice);
  for (let k = 0; k + 2 < flow.length; k++) {
    const [c, given, change] = [flow[k].cents, flow[k + 1].cents, flow[k + 2].cents];
    // Cash given to the cent leaves a change of 0.00 ("DUE 25.15 / PAY 25.15 / CHANGE 0.00").
    if (c > 0 && given >= c && change >= 0 && given - change === c) add(c, 4);
  }
  // One amount per line (the last), so "2 x 3,87 7,74" counts 7,74 only; a zero adds nothing
  // and proves nothing ("REST 0.00").
  const perLine = flow.filter((a, i) => flow[i + 1]?.line !== a.line && a.cents !== 0);
  // The largest amount before each position.
  const largestBefore: number[] = [];
  perLine.forEach((a, k) =>
    largestBefore.push(Math.max(largestBefore[k - 1] ?? 0, perLine[k - 1]?.cents ?? 0)),
  );
  for (let k = 2; k < perLine.length; k++) {
    if (perLine[k].cents <= largestBefore[k]) continue;
    let sum = 0;
    for (let j = k - 1; j >= 0; j--) {
      sum += perLine[j].cents;
      if (k - j >= 2 && sum === perLine[k].cents) {
        add(sum, 3);
        break;
      }
    }
  }
  // A payment is no discount: "272.00 / CARTAO 136.00 / CARTAO 136.00" is a total paid in two.
  const paying = (a: Labelled) => a.label?.kind === 'payment';
  for (let k = 0; k + 2 < perLine.length; k++) {
    const [a, d, c] = [perLine[k].cents, perLine[k + 1].cents, perLine[k + 2].cents];
    if (a <= largestBefore[k] || c <= largestBefore[k] || Math.abs(d) >= a) continue;
    if (paying(perLine[k + 1]) || paying(perLine[k + 2])) continue;
    // A till may round the result down a few units ("23,690 / -1,016 / 22,670 / -4").
    if (Math.abs(c - (a - Math.abs(d))) <= Math.max(5, Math.round(a * 0.0005))) {
      add(c, 4);
      outdated.add(a);
    }
  }
  for (let k = 0; k + 2 < perLine.length; k++) {
    const [c, x, y] = [perLine[k].cents, perLine[k + 1].cents, perLine[k + 2].cents];
    if (c > largestBefore[k] && x > 0 && y > 0 && x + y === c) add(c, 2);
  }
  return { support, outdated };
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
  /** The receipt's currency has three decimals (see amount.ts, THOUSANDTHS_CURRENCIES). */
  thousandths?: boolean;
  /** The receipt prints amounts in another currency too (see currencyMarks): they are not its. */
  marks?: CurrencyMarks | null;
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

const MAX_RATE = 30;

/** The tax or tip rates printed on a line ("VAT 8%", "TAX7.50%", "PROP.SUGERIDA 10%"). */
function ratesOf(text: string): number[] {
  return ratesIn(text)
    .map((rate) => rate.value)
    .filter((r) => r > 0 && r <= MAX_RATE);
}

/**
 * What the printed rates prove: an amount that is a tax or tip rate (printed on its line or the
 * line above, a tax or tip line) of an amount shortly before it is that tax or tip, whatever label
 * the layout gave it ("TAX 7.50% / Amount Due 6.81" after 90.85, the labels shifted a line); the
 * base plus an added tax is the gross, the base of a tip is the bill; an amount whose included tax
 * at the rate is printed as tax is the gross. Relabels such amounts as tax or tip and returns the
 * amounts so proven to be what was paid.
 */
function rateFacts(lines: TextLine[], amounts: Labelled[], options: TotalOptions): Set<number> {
  const paid = new Set<number>();
  // Rounded or cut off to the cent (to the unit without minor units; in three decimals, read
  // rounded to the cent, once more).
  const unit = options.wholeUnits ? 100 : options.thousandths ? 2 : 1;
  const near = (cents: number, exact: number) => Math.abs(cents - exact) < unit;
  const largest = Math.max(0, ...amounts.map((a) => a.cents));
  for (const [k, t] of amounts.entries()) {
    const kind = t.label?.kind ?? null;
    if (t.cents <= 0 || t.summary || !(kind === null || KIND_MAY_BE_TAX.has(kind))) continue;
    for (const i of [t.line, t.line - 1]) {
      if (i < 0) continue;
      const lineKind = labelOf(lines[i].text)?.kind;
      if (lineKind !== 'tax' && lineKind !== 'tip') continue;
      for (const rate of ratesOf(lines[i].text)) {
        // The base before the tax, or printed just after it ("IVA 10% 5,63 / Net Total 56,32").
        const base = amounts.find(
          (p, j) =>
            j !== k &&
            p.line >= t.line - 4 &&
            p.line <= t.line + 2 &&
            p.cents > t.cents &&
            near(t.cents, (p.cents * rate) / 100),
        );
        if (base) {
          t.label = { kind: lineKind, weight: 0 };
          paid.add(lineKind === 'tip' ? base.cents : base.cents + t.cents);
        }
        if (kind === 'tax' && lineKind === 'tax') {
          // Only an amount labelled as paid, or the largest: an item may match by chance.
          for (const p of amounts) {
            const named = p.label !== null && PAID_KINDS.has(p.label.kind);
            if (!(named || p.cents === largest) || p.cents <= t.cents) continue;
            if (near(t.cents, (p.cents * rate) / (100 + rate))) paid.add(p.cents);
          }
        }
      }
    }
  }
  return paid;
}
const KIND_MAY_BE_TAX: ReadonlySet<LabelKind> = new Set([
  'total',
  'payment',
  'subtotal',
  'tax',
  'tip',
]);
const PAID_KINDS: ReadonlySet<LabelKind> = new Set(['total', 'payment']);

/**
 * Picks the receipt total. Amounts on total-like lines rank by label strength; then it counts in
 * favour of an amount that is paid the same (CASH/VISA), printed again, equal to cash − change or
 * to subtotal + tax (+ service, rounding) or to the gross sum of a tax table; ties go to the larger, then the later amount. Amounts in
 * a tax summary hardly count. Without any labelled amount the most repeated, then largest, is
 * taken with low confidence.
 */
export function extractTotal(lines: TextLine[], options: TotalOptions = {}): TotalResult {
  const amounts = labelAmounts(
    lines,
    {
      decimalMark: options.decimalMark ?? null,
      wholeUnits: options.wholeUnits,
      thousandths: options.thousandths,
      spaceThousands: !printsMarkGroups(lines.map((line) => line.text)),
    },
    options.marks ?? null,
  );
  const proven = rateFacts(lines, amounts, options);
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
  const sums = new Set<number>([...tableTotals, ...proven]);
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
  // Cash minus change is what was paid: a candidate even when the total line was misread. Printed
  // nowhere, it rests on two readings only and yields to a printed amount the others confirm.
  if (paidFor !== null && paidFor > 0 && change !== 0) {
    candidates.push({
      cents: paidFor,
      weight: amounts.some((a) => a.cents === paidFor) ? 5 : 4,
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
        [allTax, ...after.map((a) => a.cents)].some(
          (t) => Math.abs(o.cents - (c.cents + t)) <= slack,
        ),
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
  if (candidates.length === 0) return { cents: null, confidence: 0, line: null, basis: null };

  const { support: structure, outdated } = structuralSupport(amounts);
  // With no words to go by, the total is more often the largest amount than any other: the items
  // add up to it. (Cash handed over is larger, but it is labelled or follows the total.)
  const plain = amounts.filter((a) => a.label === null && !a.summary && a.cents > 0);
  const largestPlain = plain.length > 0 ? Math.max(...plain.map((a) => a.cents)) : null;
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
    // Cash − change backs a printed amount; the derived candidate is that very sum, no more.
    const consistent =
      (paidFor === c.cents && !c.derived ? 3 : 0) +
      (sums.has(c.cents) ? 3 : 0) +
      (structure.get(c.cents) ?? 0) -
      (outdated.has(c.cents) ? 3 : 0) +
      (c.cents === largestPlain ? 1 : 0);
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
  // A different amount almost as likely.
  const rival = ranked.find((r) => r.cents !== best.cents);
  const contested = rival && rival.weight + rival.support >= best.weight + best.support - 1;
  // No item costs more than the whole receipt: an unlabelled amount above the total, printed
  // before it (not a subtotal a discount was taken from), means the total line was misread or
  // its label belongs to another amount.
  const itemAbove = plain.some(
    (a) => a.line < best.line && a.cents > best.cents && !outdated.has(a.cents),
  );
  // A return: the total printed below zero, or the amount refunded. Money back is no expense,
  // and the product keeps no negative ones: the user decides.
  const refund = amounts.some(
    (a) =>
      (a.cents === -best.cents && a.label?.kind === 'total') ||
      (Math.abs(a.cents) === best.cents && REFUND_WORD.test(letterKey(lines[a.line].text))),
  );
  const basis = totalBasis({
    labelled: best.weight >= 4,
    backed: best.support >= 2,
    contested: Boolean(contested),
    itemAbove,
    refund,
    lineConfidence: lines[best.line].confidence,
  });
  return { cents: best.cents, confidence: calibrated('total', basis), line: best.line, basis };
}
