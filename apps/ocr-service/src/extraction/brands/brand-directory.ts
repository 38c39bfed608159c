import { readFileSync } from 'node:fs';
import { brandKey, deletions, umlautKey } from './brand-key.js';

/**
 * The brand directory: OpenStreetMap's name-suggestion-index (canonical chain names, the names
 * they are also printed under, the countries they trade in) with the web sites Wikidata lists,
 * compacted into apps/ocr-service/data/brands.json by `npm run brands:update`. Read once per
 * process; no network.
 */
export interface Brand {
  /** As the brand spells itself: "Aldi Süd", "MediaMarkt". */
  name: string;
  /** ISO countries it trades in, or every country but `except`; null when unknown. */
  trades: readonly string[] | { except: readonly string[] } | null;
  also?: readonly string[];
  hosts?: readonly string[];
}

export interface BrandDirectory {
  brands: readonly Brand[];
  /** brandKey of every name and match name → brands. */
  byKey: ReadonlyMap<string, readonly number[]>;
  /** Keys one deletion away (keys of six characters or more) → brands. */
  byDeletion: ReadonlyMap<string, readonly number[]>;
  /**
   * Keys of nine characters or more without their first one or two → brands: a logo whose start
   * the photo's edge or a shadow cut off ("OWNE PLAZA").
   */
  byCutStart: ReadonlyMap<string, readonly number[]>;
  /** Host of an official web site without `www.` ("lidl.de", "aldi-sued.de") → brands. */
  byHost: ReadonlyMap<string, readonly number[]>;
  source: string;
}

export const FUZZY_MIN_LENGTH = 6;
/** The shortest name whose start may be missing: seven letters must remain. */
export const CUT_START_MIN_LENGTH = 9;

// src/extraction/brands/ and dist/extraction/brands/ both sit three levels below the app.
const DATA_FILE = new URL('../../../data/brands.json', import.meta.url);

function push(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

export function loadBrandDirectory(file: URL | string = DATA_FILE): BrandDirectory {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { source: string; brands: Brand[] };
  const byKey = new Map<string, number[]>();
  const byDeletion = new Map<string, number[]>();
  const byCutStart = new Map<string, number[]>();
  const byHost = new Map<string, number[]>();
  data.brands.forEach((brand, index) => {
    for (const printed of [brand.name, ...(brand.also ?? [])]) {
      if (gluesScripts(printed)) continue;
      const keys = [brandKey(printed)];
      if (/[äöüÄÖÜ]/.test(printed)) keys.push(umlautKey(printed));
      for (const key of keys) {
        if (key.length < 2) continue;
        push(byKey, key, index);
        if (key.length >= FUZZY_MIN_LENGTH)
          for (const variant of deletions(key)) push(byDeletion, variant, index);
        if (key.length >= CUT_START_MIN_LENGTH)
          for (const cut of [1, 2]) push(byCutStart, key.slice(cut), index);
      }
    }
    for (const host of brand.hosts ?? []) push(byHost, host, index);
  });
  return { brands: data.brands, byKey, byDeletion, byCutStart, byHost, source: data.source };
}

/**
 * A word that joins Latin letters to another script's ("sushi花館", "東横inn", "apaホテル"): its
 * key keeps only the Latin part, a common word ("SUSHI", "INN") that would name the chain on
 * every receipt printing it. A name that gives the Latin one as words of their own ("喜來登
 * Sheraton") keys as that.
 */
function gluesScripts(name: string): boolean {
  return name
    .normalize('NFD')
    .split(/\s+/)
    .some((word) => /[A-Za-z0-9]/.test(word) && /(?![\p{Script=Latin}])\p{L}/u.test(word));
}

let loaded: BrandDirectory | undefined;

/** The process's directory, read on first use (ocr-service warms it at start). */
export function brandDirectory(): BrandDirectory {
  loaded ??= loadBrandDirectory();
  return loaded;
}

/** Whether the brand trades in the country (ISO 3166 alpha-2): true, false, or null when unknown. */
export function tradesIn(brand: Brand, country: string): boolean | null {
  const { trades } = brand;
  if (trades === null) return null;
  return Array.isArray(trades)
    ? trades.includes(country)
    : !(trades as { except: readonly string[] }).except.includes(country);
}
