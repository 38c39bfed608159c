import type { FoundAmount } from './amount.js';
import type { CurrencyMarks } from './currency.js';

/** The characters of a sign or code printed beside an amount: "US$", "лв.", "S/.", "EUR". */
const BESIDE = String.raw`\S{1,4}`;
const LEAD = new RegExp(String.raw`${BESIDE}\s?$`);
const TRAIL = new RegExp(String.raw`^\s?${BESIDE}`);

type Marking = 'own' | 'other' | null;

/**
 * Which amounts of a line another currency than the receipt's marks: `5,49 лв.` on the euro
 * receipt's "ОБЩА СУМА 2,81 € 5,49 лв.", `USD 48,60` under a duty-free shop's euros. A line
 * prints its signs on one side of its numbers, the side where more of them have one: findAmounts
 * takes a sign it knows into the amount on either side, which on "kn 75,35 EUR 10,00" would give
 * the first number the second one's code.
 */
export function markedOtherwise(
  line: string,
  amounts: readonly FoundAmount[],
  marks: CurrencyMarks,
): boolean[] {
  const upper = line.toUpperCase();
  const marking = (text: string): Marking => {
    const own = marks.own?.test(text) ?? false;
    if (marks.others.test(text)) return own ? null : 'other';
    return own ? 'own' : null;
  };
  // Each amount's number: from its first digit to its last.
  const numbers = amounts.map(({ index, end }) => {
    const text = upper.slice(index, end);
    return { start: index + text.search(/\d/), end: index + text.search(/\d\D*$/) + 1 };
  });
  const windows = numbers.map(({ start, end }, k) => {
    const number = upper.slice(start, end);
    const before = upper.slice(k > 0 ? numbers[k - 1].end : 0, start);
    const after = upper.slice(end, numbers[k + 1]?.start ?? upper.length);
    return {
      lead: marking((before.match(LEAD)?.[0] ?? '') + number),
      trail: marking(number + (after.match(TRAIL)?.[0] ?? '')),
    };
  });
  const leads = windows.filter((w) => w.lead !== null).length;
  const trails = windows.filter((w) => w.trail !== null).length;
  return windows.map((w) => (leads > trails ? w.lead : w.trail) === 'other');
}
