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

const dayFormats = new Map<boolean, Intl.DateTimeFormat>();

/** `Sun, Nov 23` or, with the year, `Sun, Nov 23, 2026`. */
function formatDay(date: Date, withYear: boolean): string {
  let format = dayFormats.get(withYear);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: withYear ? 'numeric' : undefined,
    });
    dayFormats.set(withYear, format);
  }
  return format.format(date);
}

/**
 * The calendar dates a period covers (`YYYY-MM-DD`, inclusive) as `Sun, Nov 23 – Sat, Nov 29,
 * 2026`, with the weekdays, so two periods with one name ("This Week" from Sunday, or the last
 * 7 days) show why they differ. Null bounds (All Time) give null.
 */
export function formatDateRange(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  const day = (value: string) => {
    const [year, month, date] = value.split('-').map(Number);
    return new Date(year, month - 1, date);
  };
  if (start === end) return formatDay(day(end), true);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${formatDay(day(start), !sameYear)} – ${formatDay(day(end), true)}`;
}
