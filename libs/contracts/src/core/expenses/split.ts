import { ExpenseLimits } from './expense.js';

/**
 * Split receipts (docs/api.md, Splits): one expense's total shared between parts, each with
 * its own entity, tags and description. The receipt, its image and its reading stay one
 * expense; summaries, statistics, exports and the entity filter count each part under its
 * entity. The browser and the server compute the parts' amounts with the same function here.
 */
export const SplitModes = ['amount', 'percent'] as const;
export type SplitMode = (typeof SplitModes)[number];

export const SplitLimits = {
  minParts: 2,
  /** A receipt shared by more than ten businesses is not a receipt any more. */
  maxParts: 10,
  /** A percentage has at most two decimals (33.33). */
  maxPercentDecimals: 2,
} as const;

/** One part as the user gives it: an amount (by amount) or a percentage (by percentage). */
export interface SplitPartInput {
  /** By amount: the part's amount, in the expense's currency. */
  amount?: number;
  /** By percentage: above 0 and below 100, at most two decimals. */
  percent?: number;
  /** The name of one of the user's entities; null or blank for Unassigned. */
  entity?: string | null;
  tags?: string[];
  description?: string | null;
}

/** PUT /api/expenses/{id}/split. */
export interface SplitExpenseBody {
  mode: SplitMode;
  parts: SplitPartInput[];
}

/** One part of a split expense as the API returns it. */
export interface ExpensePart {
  /** 0 for the first part. */
  position: number;
  /** In the expense's currency; the parts add up to the expense's amount. */
  amount: number;
  /** Its percentage when split by percentage; null when split by amount. */
  percent: number | null;
  /** The entity's name; null means Unassigned. */
  entity: string | null;
  tags: string[];
  description: string | null;
}

/** How an expense is split; `Expense.split` is null for an expense that is not. */
export interface ExpenseSplit {
  mode: SplitMode;
  parts: ExpensePart[];
}

export const SplitMessages = {
  mode: `Choose how to split: ${SplitModes.join(' or ')}.`,
  tooFewParts: `A split needs at least ${SplitLimits.minParts} parts.`,
  tooManyParts: `A receipt can be split into at most ${SplitLimits.maxParts} parts.`,
  partAmount: 'Each part needs an amount above 0.',
  partPercent: 'Each part needs a percentage above 0 and below 100.',
  percentDecimals: `A percentage can have at most ${SplitLimits.maxPercentDecimals} decimal places.`,
  percentTotal: 'The percentages must add up to 100%.',
  notReady: 'Only a finished expense with an amount above 0 can be split.',
  byAmountTotal:
    'This receipt is split by amount. Change its parts, or remove the split, before changing its total or currency.',
  rereadSplit: 'Remove the split before reading this receipt again.',
  description: `A part's description can be at most ${ExpenseLimits.maxNotesLength} characters.`,
} as const;

/** The sum of the parts, and the receipt's total, both as the currency shows them. */
export function splitSumMessage(sum: string, total: string): string {
  return `The parts add up to ${sum}, but the receipt's total is ${total}. They must match to the cent.`;
}

export function partDecimalsMessage(decimals: number, currency: string): string {
  return decimals === 0
    ? `${currency} has no minor unit: each part must be a whole amount.`
    : `Each part can have at most ${decimals} decimal places in ${currency}.`;
}

/**
 * The decimals of a currency's minor unit as stored (at most two: amounts are numeric(12,2)):
 * 2 for USD and EUR, 0 for JPY, VND and KRW.
 */
export function minorUnitDigits(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return Math.min(digits ?? 2, 2);
  } catch {
    return 2;
  }
}

/** An amount in whole minor units (cents, or yen), or null when it has more decimals. */
export function toMinorUnits(amount: number, digits: number): number | null {
  const scaled = amount * 10 ** digits;
  const units = Math.round(scaled);
  return Math.abs(scaled - units) < 1e-6 ? units : null;
}

export function fromMinorUnits(units: number, digits: number): number {
  return Number((units / 10 ** digits).toFixed(digits));
}

export type SplitResult = { ok: true; amounts: number[] } | { ok: false; message: string };

/**
 * The parts' amounts for a total, or why they cannot be: in whole minor units of the
 * currency, each above 0, adding up to the total exactly. By percentage each part but the
 * last is its share rounded to the minor unit; the last takes the rest (the rounding).
 */
export function splitAmounts(
  total: number,
  currency: string,
  mode: SplitMode,
  parts: readonly SplitPartInput[],
): SplitResult {
  const digits = minorUnitDigits(currency);
  const fail = (message: string): SplitResult => ({ ok: false, message });
  if (parts.length < SplitLimits.minParts) return fail(SplitMessages.tooFewParts);
  if (parts.length > SplitLimits.maxParts) return fail(SplitMessages.tooManyParts);
  const totalUnits = toMinorUnits(total, digits);
  if (totalUnits === null || totalUnits <= 0) return fail(SplitMessages.notReady);
  const show = (units: number) => `${fromMinorUnits(units, digits).toFixed(digits)} ${currency}`;
  if (mode === 'amount') {
    const units: number[] = [];
    for (const part of parts) {
      if (typeof part.amount !== 'number' || !Number.isFinite(part.amount) || part.amount <= 0) {
        return fail(SplitMessages.partAmount);
      }
      const value = toMinorUnits(part.amount, digits);
      if (value === null) return fail(partDecimalsMessage(digits, currency));
      units.push(value);
    }
    const sum = units.reduce((a, b) => a + b, 0);
    if (sum !== totalUnits) return fail(splitSumMessage(show(sum), show(totalUnits)));
    return { ok: true, amounts: units.map((value) => fromMinorUnits(value, digits)) };
  }
  const hundredths: number[] = [];
  for (const part of parts) {
    const percent = part.percent;
    if (
      typeof percent !== 'number' ||
      !Number.isFinite(percent) ||
      percent <= 0 ||
      percent >= 100
    ) {
      return fail(SplitMessages.partPercent);
    }
    const value = toMinorUnits(percent, SplitLimits.maxPercentDecimals);
    if (value === null) return fail(SplitMessages.percentDecimals);
    hundredths.push(value);
  }
  if (hundredths.reduce((a, b) => a + b, 0) !== 100 * 100) return fail(SplitMessages.percentTotal);
  const units = hundredths.slice(0, -1).map((share) => {
    // BigInt: a ten-digit total in cents times 10,000 is past 2^53.
    const scaled = BigInt(totalUnits) * BigInt(share);
    return Number((scaled * 2n + 10000n) / 20000n);
  });
  const last = totalUnits - units.reduce((a, b) => a + b, 0);
  units.push(last);
  if (units.some((value) => value <= 0)) {
    return fail(
      `A part would come to 0 ${currency}: the total is too small for these percentages.`,
    );
  }
  return { ok: true, amounts: units.map((value) => fromMinorUnits(value, digits)) };
}
