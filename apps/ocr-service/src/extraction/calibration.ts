/**
 * What a field's confidence means: the share of fields read on the same kind of evidence that
 * were right, measured on real receipts (docs/ocr.md, "How confidence is calibrated"). Each rule
 * names the evidence it went by (its `basis`); this module turns that name into the confidence.
 */

export type CalibratedField = 'vendor' | 'total' | 'date';

/** The OCR engine's confidence in a line below which its characters are often misread. */
export const FAINT_LINE = 0.6;

const faint = (lineConfidence: number | null) =>
  lineConfidence !== null && lineConfidence < FAINT_LINE;

export interface TotalEvidence {
  /** A total word, a card payment line, a derived sum or another label names the amount. */
  labelled: boolean;
  /** Another reading agrees: paid the same, printed again, equal to a sum or the tax table. */
  backed: boolean;
  /** A different amount is almost as likely. */
  contested: boolean;
  /** An unlabelled amount larger than it is printed before it (no item costs more). */
  itemAbove: boolean;
  /** Money back: the total printed below zero, or refunded (never measured: for review). */
  refund?: boolean;
  lineConfidence: number | null;
}

/**
 * The total's kind of evidence. Which label it was (total word, card line, derived sum) is left
 * out: on the measured receipts each was as often right as the others once backed or contested,
 * and splitting them left too few readings per kind to measure.
 */
export function totalBasis(e: TotalEvidence): string {
  return [
    e.labelled ? 'labelled' : 'unlabelled',
    e.backed ? 'backed' : 'alone',
    e.contested ? 'contested' : null,
    e.itemAbove ? 'item above' : null,
    e.refund ? 'refund' : null,
    faint(e.lineConfidence) ? 'faint line' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export interface DateEvidence {
  /** Day and month could be read either way: how the order was settled. */
  order: 'unambiguous' | 'settled' | 'default' | 'unsure';
  /** Read with a separator OCR had turned into a "1". */
  repaired: boolean;
  /** A till's compact YYYYMMDDhhmm timestamp. */
  compact: boolean;
  lineConfidence: number | null;
}

/**
 * The date's kind of evidence. A date label or a two-digit year are left out: dates with and
 * without them were all right on the measured receipts.
 */
export function dateBasis(e: DateEvidence): string {
  return [
    e.order === 'unambiguous' ? 'date' : `date, order ${e.order}`,
    e.repaired ? 'repaired' : null,
    e.compact ? 'compact stamp' : null,
    faint(e.lineConfidence) ? 'faint line' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function vendorBasis(kind: string, lineConfidence: number | null): string {
  return [kind, faint(lineConfidence) ? 'faint line' : null].filter(Boolean).join(', ');
}

/**
 * A kind's share of right readings, smoothed towards even odds by one right and one wrong reading
 * ((right + 1) / (n + 2)): a kind seen once right is not taken as certain, one never seen is 0.5.
 */
export function measuredConfidence(right: number, n: number): number {
  return Math.round(((right + 1) / (n + 2)) * 100) / 100;
}

export type CalibrationTable = Record<CalibratedField, Readonly<Record<string, number>>>;

/**
 * Kind of evidence → confidence, each measured on real receipts (right / read, then
 * measuredConfidence): the 50 of ../shared/bench/real-receipts through their recorded OCR and
 * the 98 of sroie-train through the hybrid engine's OCR texts (`real-replay.mjs calibrate DIR
 * --sroie-texts DIR`, 2026-11-29). Where the real receipts read a kind at least 3 times and
 * found it right less often than both sets together, their own share stands: they are the many
 * countries SnapTrack serves, sroie-train one country with its own filing habits.
 */
export const CALIBRATION: CalibrationTable = {
  // right/read on real receipts · on sroie-train (OCR texts)
  vendor: {
    'name with a trade word': 0.97, // 4/4 · 26/26
    'registered name, Malaysian': 0.96, // 1/1 · 47/48
    'registered name opening with a brand': 0.94, // – · 16/16
    'chain name and more': 0.89, // 5/5 · 2/2 (2026-12-02; 12/12 on three worse photos of them)
    brand: 0.87, // 12/12 · 0/1
    'brand and its legal form': 0.86, // 5/5 · –
    'registered name, repeated': 0.67, // 1/1 · –
    'registered name': 0.5, // 2/4 · 1/1, the real receipts' share
    // 3/3 · 2/2, held at even odds: where the chain is not known to trade, its name may be any
    // shop's word, and the three were the receipts the rule was written on.
    'chain name and more, not known here': 0.5,
    'top line, faint line': 0.33, // 0/1 · –
    'trade words only': 0.33, // 0/1 · –
    'brand, part of its header line': 0.25, // 0/2 · –
    'top line': 0.2, // 1/8 · 2/3, the real receipts' share
  },
  total: {
    'labelled, backed': 0.98, // 28/28 · 84/85
    'labelled, alone': 0.91, // 4/4 · 5/5
    'unlabelled, backed': 0.91, // 7/7 · 2/2
    'labelled, backed, item above': 0.88, // 3/3 · 3/3
    'unlabelled, backed, contested': 0.8, // 2/2 · 1/1
    'unlabelled, alone': 0.67, // 1/1 · –
    'labelled, alone, item above': 0.67, // 1/1 · –
    'labelled, alone, contested': 0.67, // – · 1/1
    'unlabelled, alone, contested': 0.5, // 2/3 · 0/1
  },
  date: {
    date: 0.99, // 24/24 · 72/72
    'date, order settled': 0.97, // 6/6 · 25/25
    'date, compact stamp': 0.67, // 1/1 · –
  },
};

/** An evidence kind's confidence in `table`; a kind never measured is an even chance (0.5). */
export function confidenceFor(
  table: CalibrationTable,
  field: CalibratedField,
  basis: string,
): number {
  return table[field][basis] ?? measuredConfidence(0, 0);
}

/** The confidence of a field read on `basis`, by the measured table. */
export function calibrated(field: CalibratedField, basis: string): number {
  return confidenceFor(CALIBRATION, field, basis);
}
