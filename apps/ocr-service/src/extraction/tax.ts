import { findAmounts, type AmountOptions } from './amount.js';
import type { DecimalMark } from './locale-number.js';
import type { TextLine } from './text-lines.js';
import { labelOf, startsTaxSummary } from './total-keywords.js';
import { ratesIn } from './percent.js';

/** One rate of a receipt's tax, in integer cents; null where the receipt did not print it. */
export interface TaxLineCents {
  /** Percent (19 for 19 %); null when no rate was printed. */
  rate: number | null;
  tax: number;
  net: number | null;
  gross: number | null;
}

export interface TaxResult {
  /** The sum of the lines' tax; null when no tax line was read (never 0 for "not read"). */
  cents: number | null;
  lines: TaxLineCents[];
  /** 0..1: high when the lines check against the total, low when they contradict it. */
  confidence: number;
  /** Indices of the lines the tax was read from. */
  sourceLines: number[];
}

export interface TaxOptions {
  decimalMark?: DecimalMark | null;
  wholeUnits?: boolean;
  thousandths?: boolean;
  /** The receipt total the rules picked, in cents: what the tax lines are checked against. */
  totalCents?: number | null;
}

const NOTHING: TaxResult = { cents: null, lines: [], confidence: 0, sourceLines: [] };

/**
 * Words that name a tax: the VAT of Europe (MwSt, USt, TVA, IVA, BTW, PTU, DPH, VAT, Moms …) and
 * the sales taxes of North America and Asia (TAX, GST, HST, PST, QST, SST, PPN …). Matched as
 * whole words on the folded, upper-cased line, so "OLIVA" holds no IVA.
 */
const TAX_WORD =
  /(?:^|[^A-Z])(MWST|MW ST|MEHRWERTSTEUER|UST|UMSATZSTEUER|STEUER|TVA|TAXE|IVA|BTW|PTU|DPH|DDV|PDV|VAT|GST|HST|PST|QST|TPS|TVQ|SST|TAX|TAXES|SALES TAX|MOMS|MVA|ALV|AFA|PVM|KDV|IGIC|IGV|ITBIS|ITBMS|IVU|PPN|PB1|VSK|DAN)(?=$|[^A-Z])/;
/** Not a tax amount although a tax word is printed: ids, exemptions, totals with tax in them. */
const NOT_TAX =
  /(?:^|[^A-Z])(ID|IDNR|NR|NO|NUMBER|REG|REGNO|NUMMER|N°|CODE|INVOICE|EXEMPT|FREE|FREI|EXCL|EXCLUDING|EXCLUSIVE|BEFORE|TAXABLE|SUBTOTAL|NETTO|NET|NETT|HT|BRUTTO|GROSS|TTC|INCL TOTAL|PRE TAX|PRETAX)(?=$|[^A-Z])/;
/** A line summing the tax of every rate ("Summe MwSt", "TOTAL TVA", "Suma PTU", "TOTAL TAX"). */
const TAX_TOTAL =
  /(?:^|[^A-Z])(SUMME|SUMA|SUM|TOTAL|TOTALE|TOTAAL|GESAMT|CELKEM|TOTAL DES)(?=$|[^A-Z])/;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.\-/:]/g, ' ');
}

interface ParsedLine {
  index: number;
  rate: number | null;
  /** Amounts on the line other than the rate, in print order. */
  amounts: number[];
  taxWord: boolean;
  taxTotal: boolean;
  summary: boolean;
}

/** How far a printed tax is from its rate × net, in cents. */
const rateMiss = (net: number, tax: number, rate: number) => Math.abs((net * rate) / 100 - tax);

/** Tolerance of a printed tax against its rate × net: per-item rounding adds up to a few cents. */
function fitsRate(net: number, tax: number, rate: number): boolean {
  return rateMiss(net, tax, rate) <= Math.max(2, Math.abs((net * rate) / 100) * 0.02);
}

/**
 * Net, tax and gross of one row of a tax table, from its amounts in any column order: two that add
 * up to a third. The rate, when printed, must agree; without one the smaller part is the tax
 * (every rate is below 100 %).
 */
function rowTriple(
  amounts: number[],
  rate: number | null,
): { net: number; tax: number; gross: number } | null {
  for (let k = amounts.length - 1; k >= 0; k--) {
    for (let i = 0; i < amounts.length; i++) {
      for (let j = i + 1; j < amounts.length; j++) {
        if (i === k || j === k) continue;
        const [a, b, c] = [amounts[i], amounts[j], amounts[k]];
        if (a < 0 || b < 0 || c <= 0 || a + b !== c) continue;
        const [tax, net] = a <= b ? [a, b] : [b, a];
        if (rate !== null && !fitsRate(net, tax, rate)) continue;
        return { net, tax, gross: c };
      }
    }
  }
  return null;
}

/**
 * Two amounts of a row with a printed rate: net and tax, or tax and gross (the other one follows
 * by addition or subtraction, exact to the cent). On small amounts the rate's tolerance fits both
 * ("B-TVA9% 0,18 2,17": 9 % of 2,17 is 0,195, of 1,99 0,179): the closer reading wins. Null when
 * the rate fits neither.
 */
function pairWithRate(
  amounts: number[],
  rate: number,
): { net: number; tax: number; gross: number } | null {
  if (amounts.length !== 2 || rate <= 0) return null;
  const [small, large] = [Math.min(...amounts), Math.max(...amounts)];
  if (small < 0) return null;
  const asNet = fitsRate(large, small, rate);
  const asGross = fitsRate(large - small, small, rate);
  if (asNet && !(asGross && rateMiss(large - small, small, rate) < rateMiss(large, small, rate))) {
    return { net: large, tax: small, gross: large + small };
  }
  if (asGross) return { net: large - small, tax: small, gross: large };
  return null;
}

function parseLines(lines: TextLine[], options: AmountOptions): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  let summary = false;
  for (const line of lines) {
    if (startsTaxSummary(line.text)) summary = true;
    const folded = fold(line.text);
    const printed = ratesIn(line.text)[0];
    const rate = printed ? printed.value : null;
    // The rate is not money: blank it out before the amounts are read.
    const text = printed
      ? line.text.slice(0, printed.index) +
        ' '.repeat(printed.length) +
        line.text.slice(printed.index + printed.length)
      : line.text;
    const amounts = findAmounts(text, options).map((a) => a.cents);
    const taxWord = TAX_WORD.test(folded);
    parsed.push({
      index: line.index,
      rate: rate !== null && rate <= 100 ? rate : null,
      amounts,
      taxWord,
      taxTotal: taxWord && TAX_TOTAL.test(folded),
      summary,
    });
  }
  return parsed;
}

/** Rows of a tax table (per rate: net, tax, gross), the closing row that sums them left out. */
function tableRows(parsed: ParsedLine[]): { line: TaxLineCents; index: number }[] {
  const rows: { line: TaxLineCents; index: number }[] = [];
  for (const p of parsed) {
    // A table row names its rate, or sits under the table's heading.
    if (p.rate === null && !p.summary) continue;
    if (p.amounts.length < 2) continue;
    // Outside the table's heading, two amounts need a tax word: "2 x 3,87 7,74" is not a row.
    if (!p.summary && !p.taxWord && p.amounts.length < 3) continue;
    let rate = p.rate;
    let triple =
      p.amounts.length >= 3 ? rowTriple(p.amounts, rate) : pairWithRate(p.amounts, rate ?? 0);
    if (!triple && p.summary && rate === null && p.amounts.length === 3) {
      // "SR 6.00 52.00 3.12": the rate printed without its percent sign, then net and tax.
      const [first, ...rest] = p.amounts;
      const pair = first > 0 && first <= 10_000 ? pairWithRate(rest, first / 100) : null;
      if (pair) [rate, triple] = [first / 100, pair];
    }
    if (!triple) continue;
    rows.push({ line: { rate, ...triple }, index: p.index });
  }
  // The closing row ("Summe 30,36 4,57 34,93"): equal to the sum of the rows before it.
  if (rows.length >= 2) {
    const last = rows[rows.length - 1].line;
    const before = rows.slice(0, -1);
    const sum = (key: 'net' | 'tax' | 'gross') =>
      before.reduce((s, r) => s + (r.line[key] ?? 0), 0);
    if (last.rate === null && sum('tax') === last.tax && sum('gross') === last.gross) rows.pop();
  }
  // A rate printed twice (the table and a "davon MwSt" line) is one rate.
  return dedupe(rows);
}

function dedupe<T extends { line: TaxLineCents }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.line.rate}|${r.line.tax}|${r.line.net}|${r.line.gross}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Labelled tax lines without a table: "TAX 0.82", "GST 5% 0.50", "PST 7% 0.70", "davon MwSt 19%
 * 3,87", "TVA 20,0% 2,50". The line's last amount is the tax; a line that is a total including
 * tax, a net or a tax id is not one.
 */
function labelledLines(
  parsed: ParsedLine[],
  lines: TextLine[],
): {
  rows: { line: TaxLineCents; index: number }[];
  total: { cents: number; index: number; rate: number | null } | null;
} {
  const rows: { line: TaxLineCents; index: number }[] = [];
  let total: { cents: number; index: number; rate: number | null } | null = null;
  for (const p of parsed) {
    if (!p.taxWord || p.amounts.length === 0 || p.summary) continue;
    const text = lines[p.index].text;
    const folded = fold(text);
    if (NOT_TAX.test(folded)) continue;
    // "Total incl. VAT 24,23", "TOTAL TTC": the words before the amount say it is a total.
    const label = labelOf(text);
    if (label && label.kind !== 'tax') continue;
    if (/SERVICE|SVC|TIP/.test(folded.replace(/ /g, ''))) continue;
    const pair = p.rate !== null ? pairWithRate(p.amounts, p.rate) : null;
    const tax = pair ? pair.tax : p.amounts[p.amounts.length - 1];
    if (tax < 0) continue;
    if (p.taxTotal) {
      total ??= { cents: tax, index: p.index, rate: p.rate };
      continue;
    }
    rows.push({
      line: { rate: p.rate, tax, net: pair?.net ?? null, gross: pair?.gross ?? null },
      index: p.index,
    });
  }
  return { rows: dedupe(rows), total };
}

/** The first amount labelled a subtotal (net before tax), for the US-style check. */
function subtotalOf(parsed: ParsedLine[], lines: TextLine[]): number | null {
  for (const p of parsed) {
    if (p.amounts.length === 0 || p.summary) continue;
    if (labelOf(lines[p.index].text)?.kind === 'subtotal') return p.amounts[0];
  }
  return null;
}

/**
 * The tax lines of a receipt: a VAT table (rate, net, tax, gross per row, in any column order),
 * or labelled tax lines (`TAX`, `GST`/`HST`/`PST`, `MwSt`, `TVA`, `IVA`, `BTW`, `PTU`, `DPH`,
 * `VAT` …), each with its rate when printed. Net and gross are filled where printed, or where the
 * two others give them exactly (net + tax = gross); never from the rate alone. The lines are
 * checked against the total (sum of gross = total, or net + tax = total, or subtotal + tax =
 * total): a contradiction keeps them with a confidence low enough for the review queue. No tax
 * line read: null, never 0.
 */
export function extractTax(lines: TextLine[], options: TaxOptions = {}): TaxResult {
  const amountOptions: AmountOptions = {
    decimalMark: options.decimalMark ?? null,
    wholeUnits: options.wholeUnits,
    thousandths: options.thousandths,
  };
  const parsed = parseLines(lines, amountOptions);
  const table = tableRows(parsed);
  const labelled = labelledLines(parsed, lines);
  const rows = table.length > 0 ? table : labelled.rows;
  let taxLines = rows.map((r) => r.line);
  const sourceLines = rows.map((r) => r.index);
  if (taxLines.length === 0 && labelled.total) {
    // Only the sum was printed ("Summe MwSt 4,57"): one line without a rate.
    taxLines = [{ rate: labelled.total.rate, tax: labelled.total.cents, net: null, gross: null }];
    sourceLines.push(labelled.total.index);
  }
  if (taxLines.length === 0) return NOTHING;
  const cents = taxLines.reduce((s, l) => s + l.tax, 0);
  const total = options.totalCents ?? null;

  let confidence = 0.75;
  let checked = false;
  let contradicted = false;
  if (total !== null) {
    if (cents > total) contradicted = true;
    else if (taxLines.every((l) => l.gross !== null)) {
      const gross = taxLines.reduce((s, l) => s + (l.gross ?? 0), 0);
      if (gross === total) checked = true;
      else contradicted = true;
    } else if (taxLines.every((l) => l.net !== null)) {
      const net = taxLines.reduce((s, l) => s + (l.net ?? 0), 0);
      if (net + cents === total) checked = true;
      else contradicted = true;
    } else {
      const subtotal = subtotalOf(parsed, lines);
      if (subtotal !== null && subtotal + cents === total) {
        checked = true;
        // One rate on the whole subtotal: its net and gross are the subtotal and the total.
        if (taxLines.length === 1 && taxLines[0].net === null && taxLines[0].gross === null) {
          taxLines = [{ ...taxLines[0], net: subtotal, gross: total }];
        }
      }
    }
  }
  // A printed sum of the tax that the rates do not add up to: one of them is misread.
  if (labelled.total && table.length + labelled.rows.length > 0) {
    if (labelled.total.cents === cents) checked = checked || total === null;
    else contradicted = true;
  }
  if (contradicted) confidence = 0.45;
  else if (checked) confidence = 0.9;
  const ocr = sourceLines
    .map((i) => lines[i]?.confidence)
    .filter((c): c is number => c !== null && c !== undefined);
  if (ocr.length > 0) confidence *= Math.min(1, 0.5 + Math.min(...ocr) / 2 + 0.05);
  return { cents, lines: taxLines, confidence, sourceLines };
}
