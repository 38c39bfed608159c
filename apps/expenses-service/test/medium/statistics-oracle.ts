import { shiftDate } from '@snaptrack/testing';

export { shiftDate, spreadAround, todayIn, type FixtureExpense } from '@snaptrack/testing';

/**
 * The statistics oracle: every number the summary and statistics return, recomputed here by
 * brute force, in integer cents, from the rows the list returns. Its accounts keep every
 * expense in USD, their home currency (multi-currency has its own tests).
 */
export interface Row {
  vendor: string;
  cents: number;
  /** Null for an expense without a date: in no period, counted apart (`undated_count`). */
  date: string | null;
  entity: string | null;
  tags: string[];
  status: string;
  /** The tax in cents; null when unknown. */
  taxCents: number | null;
}

/** Tax paid per entity (all in USD here), largest first: unknown tax is not counted. */
function taxPaid(rows: Row[]) {
  const byEntity = new Map<string, { cents: number; count: number }>();
  for (const row of rows) {
    if (row.taxCents === null) continue;
    const entity = row.entity ?? 'Unassigned';
    const sum = byEntity.get(entity) ?? { cents: 0, count: 0 };
    byEntity.set(entity, { cents: sum.cents + row.taxCents, count: sum.count + 1 });
  }
  return [...byEntity]
    .sort(([a, x], [b, y]) => y.cents - x.cents || a.toLowerCase().localeCompare(b.toLowerCase()))
    .map(([entity, sum]) => ({ entity, currency: 'USD', tax: money(sum.cents), count: sum.count }));
}

export interface Range {
  start: string | null;
  end: string | null;
}

export function summaryRange(period: string, today: string): Range {
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  if (period === 'today') return { start: today, end: today };
  if (period === 'week') return { start: shiftDate(today, -dow), end: shiftDate(today, 6 - dow) };
  if (period === 'month') {
    let end = today;
    while (shiftDate(end, 1).slice(0, 7) === today.slice(0, 7)) end = shiftDate(end, 1);
    return { start: `${today.slice(0, 7)}-01`, end };
  }
  return { start: null, end: null };
}

export function statisticsRange(period: string, today: string): Range {
  const days = { today: 1, week: 7, month: 30, year: 365 }[period];
  return days ? { start: shiftDate(today, 1 - days), end: today } : { start: null, end: null };
}

const money = (cents: number) => cents / 100;

function inRange(rows: Row[], range: Range): (Row & { date: string })[] {
  return rows.filter(
    (row): row is Row & { date: string } =>
      row.status === 'ready' &&
      row.date !== null &&
      (range.start === null || row.date >= range.start) &&
      (range.end === null || row.date <= range.end),
  );
}

/** Finished expenses without a date, whatever the period. */
const undatedCount = (rows: Row[]) =>
  rows.filter((row) => row.status === 'ready' && row.date === null).length;

function totals(rows: Row[]) {
  const cents = rows.reduce((sum, row) => sum + row.cents, 0);
  return {
    cents,
    home_currency: 'USD',
    count: rows.length,
    totals: [
      {
        currency: 'USD',
        total: money(cents),
        count: rows.length,
        average: rows.length ? money(Math.round(cents / rows.length)) : 0,
      },
    ],
    converted: null,
    unconverted_count: 0,
  };
}

export function expectedSummary(rows: Row[], range: Range) {
  const { cents: _cents, ...summary } = totals(inRange(rows, range));
  return { ...summary, undated_count: undatedCount(rows) };
}

interface Tally {
  key: string;
  name: string;
  count: number;
  cents: number;
}

function tally<T>(items: T[], keyOf: (item: T) => string | null, centsOf: (item: T) => number) {
  const map = new Map<string, Tally>();
  for (const item of items) {
    const name = keyOf(item);
    if (name === null) continue;
    const key = name.toLowerCase();
    const entry = map.get(key) ?? { key, name, count: 0, cents: 0 };
    entry.count += 1;
    entry.cents += centsOf(item);
    map.set(key, entry);
  }
  return [...map.values()];
}

const byKey = (a: Tally, b: Tally) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function topTags(rows: Row[], limit: number): Tally[] {
  const uses = rows.flatMap((row) => row.tags.map((tag) => ({ tag, cents: row.cents })));
  return tally(
    uses,
    (use) => use.tag,
    (use) => use.cents,
  )
    .sort((a, b) => b.count - a.count || byKey(a, b))
    .slice(0, limit);
}

function series(rows: (Row & { date: string })[], range: Range, today: string) {
  const dates = rows.map((row) => row.date).sort();
  const start = range.start ?? dates[0] ?? today;
  const last = dates[dates.length - 1];
  const end = range.end ?? (last && last > today ? last : today);
  const span = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  const granularity = span < 31 ? 'day' : span < 366 ? 'week' : 'month';
  const bucketOf = (date: string) => {
    if (granularity === 'day') return date;
    if (granularity === 'week') {
      return shiftDate(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
    }
    return `${date.slice(0, 7)}-01`;
  };
  const points: { date: string; total: number; count: number }[] = [];
  for (let bucket = bucketOf(start); bucket <= end;) {
    const inBucket = rows.filter((row) => bucketOf(row.date) === bucket);
    const cents = inBucket.reduce((sum, row) => sum + row.cents, 0);
    points.push({ date: bucket, total: money(cents), count: inBucket.length });
    if (granularity === 'month') {
      const next = new Date(`${bucket}T00:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      bucket = next.toISOString().slice(0, 10);
    } else {
      bucket = shiftDate(bucket, granularity === 'day' ? 1 : 7);
    }
  }
  return { granularity, points };
}

export function expectedStatistics(all: Row[], range: Range, today: string) {
  const rows = inRange(all, range);
  const { cents, ...totalsOnly } = totals(rows);
  const summary = { ...totalsOnly, undated_count: undatedCount(all) };
  const entities = tally(
    rows,
    (row) => row.entity ?? 'Unassigned',
    (row) => row.cents,
  )
    .sort((a, b) => b.cents - a.cents || byKey(a, b))
    .map((entity) => {
      const own = rows.filter((row) => (row.entity ?? 'Unassigned') === entity.name);
      return {
        entity: entity.name,
        total: money(entity.cents),
        count: entity.count,
        share: cents === 0 ? 0 : Math.round((entity.cents * 10_000) / cents) / 10_000,
        top_tags: topTags(own, 3).map((tag) => ({ tag: tag.name, count: tag.count })),
      };
    });
  const top_vendors = tally(
    rows.filter((row) => row.vendor !== ''),
    (row) => row.vendor,
    (row) => row.cents,
  )
    .sort((a, b) => b.count - a.count || b.cents - a.cents || byKey(a, b))
    .slice(0, 10)
    .map((vendor) => ({ vendor: vendor.name, count: vendor.count, total: money(vendor.cents) }));
  const top_tags = topTags(rows, 10).map((tag) => ({
    tag: tag.name,
    count: tag.count,
    total: money(tag.cents),
  }));
  return {
    ...summary,
    entities,
    top_vendors,
    top_tags,
    // The fixtures are all in the home currency: nothing to break down per currency.
    by_currency: [],
    series: series(rows, range, today),
    tax_paid: taxPaid(rows),
  };
}
