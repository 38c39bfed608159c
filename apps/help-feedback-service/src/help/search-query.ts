/** The longest search the help centre turns into a query; more words add nothing useful. */
const MAX_TERMS = 8;

/**
 * Turns what a reader typed into a `to_tsquery` text: every word as a prefix (so "recei"
 * finds "receipt" while typing), all words required. Only letters and digits pass, so the
 * text can never be tsquery syntax. Null when nothing searchable is left.
 */
export function toPrefixTsQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_TERMS);
  return unique.length ? unique.map((word) => `${word}:*`).join(' & ') : null;
}
