// Display formats shared by the screens that show money and dates.

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** `1234.5` → `$1,234.50`: summaries show USD with 2 decimals. */
export function formatMoney(amount: number, currency = 'USD'): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    }
    currencyFormats.set(currency, format);
  }
  return format.format(amount);
}

// One formatter for every date: `toLocaleDateString` with options builds a new one per call,
// which costs about 1 ms each on a slow phone (25 cards: a visible pause).
let dateFormat: Intl.DateTimeFormat | null = null;

/**
 * A calendar date (`YYYY-MM-DD`, or a datetime whose date part counts) as `Nov 21, 2026`. A
 * date-only value is local midnight (an expense date has no time zone), so it never shifts a day.
 */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  dateFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return dateFormat.format(date);
}

let timeZone: string | null = null;

/**
 * The browser's IANA time zone; the server counts "today" on its clocks. Read once per page
 * load (resolving it builds a formatter, and every summary render asks).
 */
export function browserTimeZone(): string {
  if (timeZone) return timeZone;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    timeZone = 'UTC';
  }
  return timeZone;
}
