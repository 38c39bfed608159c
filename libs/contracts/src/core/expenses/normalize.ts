// Pure input rules of the expense fields, shared by the server's validation classes and the SPA.

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/**
 * The calendar date of `YYYY-MM-DD` or of an ISO datetime's date part. Null when the text
 * is not a real date between 1900 and 2199.
 */
export function toCalendarDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = DATE_PREFIX.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const iso = `${y}-${m}-${d}`;
  if (Number(y) < 1900 || Number(y) > 2199) return null;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * Tags as stored: trimmed, blanks dropped, duplicates (ignoring case) dropped keeping the
 * first spelling. Anything that is not a list of strings is returned unchanged so that the
 * validators can name the problem.
 */
export function normalizeTags(value: unknown): unknown {
  if (!Array.isArray(value) || !value.every((tag) => typeof tag === 'string')) return value;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** A name as stored: trimmed, inner runs of white space made one space. */
export function normalizeName(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value;
}

/**
 * A number from a query string ('25' becomes 25); other values pass unchanged for the
 * validators to judge. A transform rather than `@Type`, which needs reflect-metadata loaded in
 * every importer of the contracts.
 */
export function toNumber({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
}
