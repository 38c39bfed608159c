// Expense fixtures shared by expenses-service's medium tests and the gateway's full-stack
// ones: dates in UTC days and a deterministic spread of expenses around a day.

/** An expense of the fixtures, as the tests write them. */
export interface FixtureExpense {
  vendor: string;
  cents: number;
  /** YYYY-MM-DD */
  date: string;
  entity: string | null;
  tags: string[];
  status?: 'processing' | 'ready' | 'failed';
  /** ISO 4217; USD when left out. */
  currency?: string;
}

export function todayIn(timeZone: string): string {
  return new Date().toLocaleDateString('en-CA', { timeZone });
}

export function shiftDate(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * A spread of expenses around `today` (UTC): today, yesterday, days on both sides of each
 * period's boundary, a year and more back, two future dates, plus rows that do not count
 * (processing, failed). Deterministic.
 */
export function spreadAround(today: string, entities: (string | null)[]): FixtureExpense[] {
  const offsets = [
    0, 0, 0, -1, -1, -2, -3, -4, -5, -6, -6, -7, -7, -8, -9, -13, -20, -28, -29, -29, -30, -30, -31,
    -45, -60, -100, -200, -300, -364, -364, -365, -366, -400, -700, -800, 1, 3,
  ];
  const vendors = ['Acorn', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir', 'Ginkgo', 'Hazel'];
  const tags = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
  let seed = 7;
  const next = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed;
  };
  const rows: FixtureExpense[] = offsets.map((offset, index) => ({
    vendor: vendors[next() % vendors.length],
    cents: 1 + (next() % 99_999),
    date: shiftDate(today, offset),
    entity: entities[index % entities.length]!,
    tags: [...new Set([tags[next() % tags.length], tags[next() % tags.length]])].slice(
      0,
      index % 3,
    ),
  }));
  rows.push(
    { vendor: 'Acorn', cents: 99_999, date: today, entity: null, tags: [], status: 'processing' },
    { vendor: 'Birch', cents: 55_555, date: today, entity: null, tags: [], status: 'failed' },
  );
  return rows;
}
