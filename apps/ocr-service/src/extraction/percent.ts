/** A printed rate: "19%", "19,00 %", "7.0%", "8.875%", "8.4750%"; not the end of a longer number. */
const PERCENT = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,4})?)\s?%/g;

export interface PrintedRate {
  /** The rate in percent. */
  value: number;
  /** Where it is printed in the line, and how long it is (to blank it out of the amounts). */
  index: number;
  length: number;
}

/** The percentages printed on a line, in order. */
export function ratesIn(text: string): PrintedRate[] {
  return [...text.matchAll(PERCENT)].map((m) => ({
    value: Number(m[1].replace(',', '.')),
    index: m.index,
    length: m[0].length,
  }));
}
