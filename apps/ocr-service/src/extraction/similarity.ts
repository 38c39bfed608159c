/** Levenshtein distance, two rows of memory. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** 1 − distance / longer length; 1 for two empty strings. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - levenshtein(a, b) / longer;
}

/**
 * Vendor names compared loosely: NFKC, upper case, punctuation dropped, spaces collapsed. Letters
 * of every script stay, accents included: "СІЛЬПО" and "Lékárna" are names, not blanks.
 */
export function normalizeVendor(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{M}\p{N}&\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
