import { ExpenseLimits } from './expense.js';

/**
 * Search of the expense list (docs/api.md, Search): `q` is free text across the vendor, the
 * description, the tags, the entity's name and the receipt's text, and may hold amounts
 * (`42.50`, `>100`, `<=20`). Pure rules, shared by the server (the SQL) and the SPA (what to
 * highlight).
 */
export const SearchLimits = {
  maxQueryLength: 200,
  /** Words of `q` beyond this many are refused rather than silently dropped. */
  maxWords: 10,
} as const;

export const SearchMessages = {
  queryText: 'q must be text.',
  queryTooLong: `q can be at most ${SearchLimits.maxQueryLength} characters.`,
  tooManyWords: `q can hold at most ${SearchLimits.maxWords} words.`,
  minAmount: 'min_amount must be an amount of 0 or more with at most 2 decimals.',
  maxAmount: 'max_amount must be an amount of 0 or more with at most 2 decimals.',
  amountRange: 'min_amount cannot be more than max_amount.',
} as const;

export type AmountOperator = '=' | '>' | '>=' | '<' | '<=';

export interface AmountCondition {
  op: AmountOperator;
  /** Up to two decimals, 0 to ExpenseLimits.maxAmount. */
  value: number;
}

export interface SearchQuery {
  /** Letters and digits only, lower case: each must be found in some field (all of them). */
  words: string[];
  /** From `42.50` (equal), `>100`, `<20`, `>=`, `<=`: all must hold. */
  amounts: AmountCondition[];
}

// An operator and a number, or a number with decimals: `42.50`, `42,50`, `>100`, `<= 20`, `$5.00`.
const AMOUNT_TOKEN = /^(>=|<=|>|<|=)?[$€£¥]?(\d{1,10})(?:[.,](\d{1,2}))?$/;

/** Reads `q` into words and amount conditions; null when it holds more words than allowed. */
export function parseSearchQuery(q: string | undefined): SearchQuery | null {
  const result: SearchQuery = { words: [], amounts: [] };
  if (!q) return result;
  // "> 100" is one condition, as is ">100".
  const tokens = q.replace(/(>=|<=|>|<|=)\s+(?=[$€£¥]?\d)/g, '$1').split(/\s+/);
  for (const token of tokens) {
    const amount = AMOUNT_TOKEN.exec(token);
    // A bare whole number ("42", a store or invoice number) is a word; "42.00" or "=42" an amount.
    if (amount && (amount[1] || amount[3] !== undefined)) {
      const value = Number(`${amount[2]}.${amount[3] ?? '0'}`);
      if (value <= ExpenseLimits.maxAmount) {
        result.amounts.push({ op: (amount[1] ?? '=') as AmountOperator, value });
        continue;
      }
    }
    for (const word of searchWords(token)) {
      if (!result.words.includes(word)) result.words.push(word);
    }
  }
  return result.words.length > SearchLimits.maxWords ? null : result;
}

/** The runs of letters and digits of `text`, lower case: what the search matches on. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * `text` cut into the parts the words matched and the rest, for highlighting: in each run of
 * letters and digits, the first place one of the words occurs (a partial vendor name matches
 * inside a word, "bucks" in "Starbucks"). No words, no hits.
 */
export function highlightParts(text: string, words: string[]): HighlightPart[] {
  const parts: HighlightPart[] = [];
  const lower = text.toLowerCase();
  let plain = 0;
  for (const run of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
    let best: { at: number; length: number } | null = null;
    for (const word of words) {
      const at = word ? run[0].indexOf(word) : -1;
      if (at >= 0 && (!best || at < best.at || (at === best.at && word.length > best.length))) {
        best = { at, length: word.length };
      }
    }
    if (!best) continue;
    const at = run.index + best.at;
    if (at > plain) parts.push({ text: text.slice(plain, at), hit: false });
    parts.push({ text: text.slice(at, at + best.length), hit: true });
    plain = at + best.length;
  }
  if (plain < text.length) parts.push({ text: text.slice(plain), hit: false });
  return parts;
}

/** A piece of text, and whether it is what the search matched. */
export interface HighlightPart {
  text: string;
  hit: boolean;
}

/**
 * The search fields of the list and the exports (beside the date range, entities and tags).
 * Amounts are in each expense's own currency.
 */
export interface SearchFilters {
  q?: string;
  min_amount?: number;
  max_amount?: number;
  /** ISO 4217. */
  currency?: string;
}

/**
 * What the search matched in an expense's receipt text: a short extract with the matched
 * words marked. Only for expenses whose receipt text matches; the list's `matches` is keyed
 * by expense id.
 */
export interface ReceiptTextMatch {
  receipt_text: HighlightPart[];
}
