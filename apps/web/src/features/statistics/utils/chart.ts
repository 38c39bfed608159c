/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The label of a bucket: `Nov 21` for days and weeks (week of), `Nov 2026` for months. */
export function bucketLabel(date: string, granularity: 'day' | 'week' | 'month'): string {
  const [year, month, day] = date.split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1] ?? '';
  if (granularity === 'month') return `${name} ${year}`;
  return `${name} ${day}`;
}

/** Which bars get an axis label, so that at most about `room` labels show. */
export function labelEvery(count: number, room = 8): number {
  return Math.max(1, Math.ceil(count / room));
}
