import type { StatisticsPeriod, SummaryPeriod } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';

/** Inclusive calendar-date bounds; null bounds mean "all time". */
export interface DateRange {
  start: string | null;
  end: string | null;
}

const TZ_MESSAGE = 'tz must be an IANA time zone such as America/Chicago.';

/** The time zone to count days in: the browser's IANA zone, UTC when none was sent. */
export function resolveTimeZone(tz: string | undefined): string {
  if (tz === undefined || tz.trim() === '') return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz.trim() }).resolvedOptions().timeZone;
  } catch {
    throw new BusError('VALIDATION_FAILED', TZ_MESSAGE, { fields: ['tz'] });
  }
}

/** Today's date (YYYY-MM-DD) on the wall clocks of `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Summary cards: Today, This Week (Sunday to Saturday), This Month (calendar), All Time. */
export function summaryRange(period: SummaryPeriod, today: string): DateRange {
  switch (period) {
    case 'today':
      return { start: today, end: today };
    case 'week': {
      const sunday = addDays(today, -dayOfWeek(today));
      return { start: sunday, end: addDays(sunday, 6) };
    }
    case 'month': {
      const first = `${today.slice(0, 7)}-01`;
      const next = new Date(`${first}T00:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      return { start: first, end: addDays(next.toISOString().slice(0, 10), -1) };
    }
    case 'all':
      return { start: null, end: null };
  }
}

const trailingDays: Record<Exclude<StatisticsPeriod, 'all'>, number> = {
  today: 1,
  week: 7,
  month: 30,
  year: 365,
};

/** Statistics: today from local midnight, or the last 7, 30 or 365 days up to today. */
export function statisticsRange(period: StatisticsPeriod, today: string): DateRange {
  if (period === 'all') return { start: null, end: null };
  return { start: addDays(today, 1 - trailingDays[period]), end: today };
}

/**
 * A range cut for the monthly totals: the whole calendar months inside it (`months`, by their
 * first days; both null for all time; absent when no month fits) and the days left over at
 * either end (`edges`), which are read from the expenses themselves.
 */
export interface MonthSplit {
  months?: DateRange;
  edges: { start: string; end: string }[];
}

function firstOfNextMonth(date: string): string {
  const value = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  value.setUTCMonth(value.getUTCMonth() + 1);
  return value.toISOString().slice(0, 10);
}

export function splitByMonths(range: DateRange): MonthSplit {
  if (range.start === null || range.end === null) {
    return { months: { start: null, end: null }, edges: [] };
  }
  const { start, end } = range;
  const firstWhole = start.endsWith('-01') ? start : firstOfNextMonth(start);
  // The month after the last whole one starts the day after `end` when `end` closes a month.
  const afterLastWhole =
    firstOfNextMonth(end) === addDays(end, 1) ? addDays(end, 1) : `${end.slice(0, 7)}-01`;
  if (firstWhole >= afterLastWhole) return { edges: [{ start, end }] };
  const edges: MonthSplit['edges'] = [];
  if (start < firstWhole) edges.push({ start, end: addDays(firstWhole, -1) });
  if (afterLastWhole <= end) edges.push({ start: afterLastWhole, end });
  const lastWhole = addDays(afterLastWhole, -1).slice(0, 7) + '-01';
  return { months: { start: firstWhole, end: lastWhole }, edges };
}
