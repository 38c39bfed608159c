import { brandKey } from './brand-key.js';
import { brandDirectory, tradesIn, type BrandDirectory } from './brand-directory.js';
import { RECEIPT_WORDS } from './find-brand.js';

export interface ChainAtStart {
  /** The chain's name: as the brand spells itself, or as printed when it matched another name. */
  name: string;
  /** The words after it, as printed: the branch ("Chatham Station") or the shop's kind. */
  rest: string;
}

/** A chain's name shorter than this ("dm", "Spa") is a word too often to open a line alone. */
const MIN_KEY_LENGTH = 4;

/**
 * A name's words as printed, case and accents aside, one by one: "Marc O'Polo" is MARC OPOLO,
 * "@Home" is @HOME, so neither is printed as "MARCO POLO" or "HOME MASTER".
 */
const wordKeys = (words: readonly string[]): string =>
  words
    .map((word) =>
      word
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase()
        .replace(/[^\p{L}\p{N}@&+]/gu, ''),
    )
    .join(' ');

/**
 * "Starbucks Chatham Station", "SHELL TANJUNGBARAT", "EDEKA Franeck Potsdam 193": a chain's name
 * as the first words of a line, more words after it. The chain must trade in the receipt's
 * country, and its name must be printed word for word: "MARCO POLO ORTIGAS" (a hotel) is not
 * the fashion brand Marc O'Polo, "SMART TRAVEL" in Bangkok not the car maker Smart. Null when no
 * such chain opens the line, or the country is not known.
 */
export function chainAtStart(
  text: string,
  country: string | null | undefined,
  dir: BrandDirectory = brandDirectory(),
): ChainAtStart | null {
  if (!country) return null;
  const words = text.trim().split(/\s+/);
  // The longest name first: "Tesco Metro Soho" is Tesco Metro, not Tesco.
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const opening = words.slice(0, n);
    const key = brandKey(opening.join(''));
    if (key.length < MIN_KEY_LENGTH || RECEIPT_WORDS.has(key)) continue;
    const printed = wordKeys(opening);
    for (const index of dir.byKey.get(key) ?? []) {
      const brand = dir.brands[index];
      if (tradesIn(brand, country) !== true) continue;
      const spelled = [brand.name, ...(brand.also ?? [])].find(
        (name) => wordKeys(name.trim().split(/\s+/)) === printed,
      );
      if (spelled === undefined) continue;
      return {
        name: spelled === brand.name ? brand.name : opening.join(' '),
        rest: words.slice(n).join(' '),
      };
    }
  }
  return null;
}
