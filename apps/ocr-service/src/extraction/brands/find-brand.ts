import { looksLikeAddress } from '../address.js';
import type { TextLine } from '../text-lines.js';
import { brandKey, deletions } from './brand-key.js';
import {
  brandDirectory,
  FUZZY_MIN_LENGTH,
  tradesIn,
  type BrandDirectory,
} from './brand-directory.js';

export interface BrandMatch {
  /** As the brand spells itself. */
  name: string;
  score: number;
  confidence: number;
  /** Where it was seen: "web", "company", "header", "footer", "mention". */
  evidence: string[];
  /** The index of the line that said the most for it. */
  line: number;
  /**
   * Some place printed its name or host as the directory has it; false when only one letter off
   * (`WaImart`: a garbled logo, or another name: `MARIO'S` is not Marco's Pizza).
   */
  exact: boolean;
}

export interface FindBrandOptions {
  /** ISO 3166 alpha-2 of the receipt's country when known: brands trading there are preferred. */
  country?: string | null;
  directory?: BrandDirectory;
}

/** How much each place on the receipt says about the brand; the best of each kind is summed. */
const WEIGHT = {
  web: 3,
  company: 2.5,
  header: 2.5,
  footer: 2,
  mention: 0.8,
  body: 0.3,
};
type Context = keyof typeof WEIGHT;
const ACCEPT = 2.5;
/** The share of its line a name one OCR slip from a brand must fill to be taken for it. */
const FUZZY_MIN_COVERAGE = 0.8;

/** Legal forms and VAT or company numbers: a line naming the company that issued the receipt. */
const COMPANY_LINE =
  /\b(GMBH|G\.M\.B\.H|MBH|AG|KG|OHG|SE|E\.\s?K\.?|UG|HANDELSGES\w*|LTD|LIMITED|PLC|INC|LLC|CORP|S\.?\s?A\.?\s?S|SARL|S\.?\s?A|S\.?\s?L\.?\s?U?|S\.?\s?P\.?\s?A|S\.?\s?R\.?\s?L|B\.?\s?V|N\.?\s?V|LDA|LTDA|SDN\.?\s?BHD|BHD|PTY|PTE|UST[-.\s]?ID\w*|STEUER\s?-?NR|VAT\s?(NO|REG|ID)\w*|TVA|N\.?\s?I\.?\s?F|C\.?\s?I\.?\s?F|P\.?\s?IVA|BTW|KVK|SIRE[NT]|HRB|GST\s?(ID|REG)\w*|UAB|D\.\s?[O0]\.\s?[O0]|SP\.\s?Z\s?[O0]\.\s?[O0]|S\.\s?R\.\s?[O0]|KFT|TBK)\b/;
const THANKS =
  /\b(DANKE|VIELEN DANK|MERCI|GRACIAS|GRAZIE|THANK|BEDANKT|OBRIGAD[OA]|TERIMA KASIH|BESUCH|EINKAUF|SHOPPING)\b/;
const MONEY = /\d+[.,]\d{2}\b/;
const DATE = /\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}/;

/** Receipt words that some brand is also called: only a web or mail address names such a brand. */
export const RECEIPT_WORDS = new Set(
  (
    'TOTAL TOTALE TOTAAL SUMME NETTO BRUTTO BAR CASH KASSE CHANGE EURO EUR MWST STEUER VISA CARD ' +
    'KARTE DATUM UHRZEIT BON BELEG FILIALE MARKT STORE SHOP MARKET APOTHEKE PHARMACY CAFE BAKERY ' +
    'RESTAURANT HOTEL KIOSK TAXI PARKING EXPRESS CITY CENTER CENTRE POST PAYBACK DANKE THANKS ' +
    'WELCOME TICKET MENU SERVICE ITEMS SALE SALES DISCOUNT OUTLET GIFT BONUS CLUB PLUS TVA IVA ' +
    'BTW TTC IMPORTE CAMBIO RENDU JUMLAH TUNAI BAKI ROUNDING SUBTOTAL PRICE AMOUNT QTY TAX CHANGE ' +
    'BETRAG GEGEBEN ZURUCK RUCKGELD PFAND RABATT COUPON ACTION REAL OK ONE BEST NEXT FRESH MINI ' +
    'SUPER MEGA CENTRAL ORIGINAL SPECIAL'
  ).split(' '),
);

interface Hit {
  brands: readonly number[];
  context: Context;
  /** Matched a name exactly (not one OCR slip away). */
  exact: boolean;
  keyLength: number;
  /** The name as matched (brandKey). */
  key: string;
  /** How well the name fills its line (1 when that does not matter). */
  fit: number;
  bonus?: number;
  /** The index of its line. */
  line: number;
}

const TLD =
  'de|at|ch|fr|es|it|nl|be|pt|lu|dk|se|no|fi|pl|cz|ie|uk|eu|com|net|org|info|shop|store|my|sg|us|ca|au|nz|br|in|co';
// A host, not a label's colon after an abbreviation ("Cad. No: 160").
const HOST = new RegExp(
  `(@|\\bwww\\d?\\.|https?://)?((?:[a-z0-9][a-z0-9-]*\\.)+(?:${TLD}))\\b(?!:)`,
  'g',
);

/**
 * Web and mail hosts printed on a line ("www. lidl. de", "info@aldi-sued.de", "tesco.com"). OCR's
 * spaces around a dot are forgiven only after `www.`, `@` or `http`: without them "Ataturk Cad.
 * No" (a Turkish avenue) would be the host cad.no.
 */
export function hostsIn(text: string): string[] {
  const lower = text.toLowerCase();
  const squeezed = lower.replace(/\s*([.@])\s*/g, '$1');
  const prefixed = [...squeezed.matchAll(HOST)].filter((m) => m[1] !== undefined);
  const plain = [...lower.matchAll(HOST)].filter((m) => m[1] === undefined);
  return [...prefixed, ...plain].map((m) => m[2].replace(/^www\d?\./, ''));
}

/**
 * The brands a host belongs to. A host that only brands named after more than it share
 * ("amazon.com" for Amazon Fresh and Amazon Books) belongs to a company the directory does not
 * hold: a receipt from amazon.com is neither of them.
 */
function lookupHost(host: string, dir: BrandDirectory): readonly number[] {
  const labels = host.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const found = dir.byHost.get(labels.slice(i).join('.'));
    if (found) return onlyNamedMore(found, brandKey(labels[i]), dir) ? [] : found;
  }
  return [];
}

/** Several brands, each named the host's label and more ("Amazon Fresh" on amazon.com). */
function onlyNamedMore(found: readonly number[], label: string, dir: BrandDirectory): boolean {
  const keys = new Set(found.map((index) => brandKey(dir.brands[index].name)));
  return keys.size > 1 && [...keys].every((key) => key.startsWith(label) && key !== label);
}

/** A label of the host spelling a brand name ("tesco.com", "aldi-sued.de"). */
function lookupHostLabel(host: string, dir: BrandDirectory): readonly number[] {
  for (const label of host.split('.').slice(0, -1)) {
    const key = brandKey(label);
    const found = key.length >= 3 ? dir.byKey.get(key) : undefined;
    if (found) return found;
  }
  return [];
}

function lookupName(
  key: string,
  dir: BrandDirectory,
): { brands: readonly number[]; exact: boolean } {
  const exact = dir.byKey.get(key);
  if (exact) return { brands: exact, exact: true };
  if (key.length < FUZZY_MIN_LENGTH) return { brands: [], exact: false };
  const found = new Set<number>(dir.byDeletion.get(key) ?? []);
  for (const variant of deletions(key)) {
    for (const index of dir.byKey.get(variant) ?? []) found.add(index);
    for (const index of dir.byDeletion.get(variant) ?? []) found.add(index);
  }
  return { brands: [...found], exact: false };
}

/** Letters OCR may glue to a logo's name from its picture ("SeBostonPizza"). */
const LOGO_NOISE = 2;
/** The shortest name a logo's noise is stripped from: shorter ones hide in too many words. */
const LOGO_MIN_LENGTH = 7;

/**
 * The first line, read whole: a name ({@link lookupName}); a long brand's name with up to two
 * letters of its logo's picture glued to either end (a line read as one word); or one whose
 * first letter or two the photo's edge or a shadow cut off ("OWNE PLAZA"). One OCR slip away
 * at best.
 */
function lookupLogo(
  key: string,
  oneWord: boolean,
  dir: BrandDirectory,
): ReturnType<typeof lookupName> {
  const found = lookupName(key, dir);
  if (found.brands.length > 0) return found;
  for (let cut = 1; oneWord && cut <= LOGO_NOISE && key.length - cut >= LOGO_MIN_LENGTH; cut++) {
    for (const name of [key.slice(cut), key.slice(0, -cut)]) {
      const brands = dir.byKey.get(name);
      if (brands) return { brands, exact: false };
    }
  }
  const cutStart = dir.byCutStart.get(key);
  return cutStart ? { brands: cutStart, exact: false } : found;
}

function nameContext(line: TextLine, position: number, count: number, coverage: number): Context {
  const upper = line.text.toUpperCase();
  if (COMPANY_LINE.test(upper)) return 'company';
  // "Springfield, IL 62704" names a town, not the shop; a line the name fills is the name, even
  // when it holds an address word ("CROWNE PLAZA").
  if (coverage < 0.9 && looksLikeAddress(upper)) return 'body';
  const plain = !MONEY.test(upper) && !DATE.test(upper);
  if (position < HEADER_LINES && plain && coverage >= 0.6) return 'header';
  const footer = position >= count - 8;
  if (footer && plain && (coverage >= 0.6 || THANKS.test(upper))) return 'footer';
  return position < HEADER_LINES || footer ? 'mention' : 'body';
}

/** How far down the receipt a name counts as the header's. */
const HEADER_LINES = 6;

/** What separates the words a brand's name is looked up from. */
const WORD_BREAK = /[\s,;:/()"*#=+<>]+/;

/**
 * The longer brands' names the header prints as words ("EDEKA" of "EDEKA Franeck Potsdam 193"),
 * to tell a short brand's name from a logo OCR cut short.
 */
function headerBrandWords(lines: readonly TextLine[], dir: BrandDirectory): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const line of lines.slice(0, HEADER_LINES)) {
    for (const word of line.text.split(WORD_BREAK)) {
      const key = brandKey(word);
      // Not a receipt word some brand is also called ("TOTAL" of the totals line).
      const brands = key.length > 3 && !RECEIPT_WORDS.has(key) ? dir.byKey.get(key) : undefined;
      if (brands) found.set(key, [...brands]);
    }
  }
  return found;
}

/**
 * Whether a short name is what OCR made of the logo of another brand the header prints in full:
 * its start ("ED" above "EDEKA"), or, two letters only, anything ("DI", Belgium's Di, of the same
 * EDEKA logo photographed at an angle). Not a chain of its own.
 */
function cutShortLogo(key: string, brands: readonly number[], header: Map<string, number[]>) {
  for (const [word, others] of header) {
    if (others.some((other) => brands.includes(other))) continue;
    if (word.startsWith(key) || key.length <= 2) return true;
  }
  return false;
}

/** Every brand name (up to four words, spaces and one OCR slip forgiven) and host on the receipt. */
function collectHits(lines: readonly TextLine[], dir: BrandDirectory): Hit[] {
  const hits: Hit[] = [];
  const header = headerBrandWords(lines, dir);
  lines.forEach((line, position) => {
    for (const host of hostsIn(line.text)) {
      const brands = [...new Set([...lookupHost(host, dir), ...lookupHostLabel(host, dir)])];
      if (brands.length > 0)
        hits.push({
          brands,
          context: 'web',
          exact: true,
          keyLength: 6,
          key: '',
          fit: 1,
          line: position,
        });
    }
    const words = line.text.split(WORD_BREAK).filter((w) => brandKey(w).length > 0);
    const lineKey = brandKey(line.text.replace(/\d+[.,]\d{2}/g, ''));
    for (let start = 0; start < words.length; start++) {
      for (let end = start + 1; end <= Math.min(words.length, start + 4); end++) {
        const key = brandKey(words.slice(start, end).join(''));
        if (key.length < 2 || /^\d+$/.test(key)) continue;
        const { brands, exact } =
          position === 0 && start === 0 && end === words.length
            ? lookupLogo(key, words.length === 1, dir)
            : lookupName(key, dir);
        if (brands.length === 0) continue;
        const coverage = key.length / Math.max(1, lineKey.length);
        // A slip is forgiven only in a name that (nearly) fills its line, as a logo or a garbled
        // header does: among words read cleanly ("Harbour Cafe", "12 Harbour Road") a word one
        // letter from a brand ("Barbour") is another name.
        if (!exact && coverage < FUZZY_MIN_COVERAGE) continue;
        const context = nameContext(line, position, lines.length, coverage);
        // Short names and receipt words count only where a name is expected, alone on its line.
        // Receipt words ("TOTAL", "NETTO", "SHOP") are never taken for a brand's printed name.
        if (RECEIPT_WORDS.has(key)) continue;
        // A short name alone at the foot is as often a word the photo's edge cut off ("BR" of
        // "BRASIL", Brazil's fuel chain at 0.87): it counts at the top or on the company line.
        const shortNamePlace = context === 'company' || context === 'header';
        if (key.length <= 3 && !(shortNamePlace && coverage >= 0.8)) continue;
        if (key.length <= 3 && cutShortLogo(key, brands, header)) continue;
        // A name alone on its line says more than one among other words; the first line most.
        const alone = context === 'header' || context === 'footer' ? 0.6 + 0.4 * coverage : 1;
        const first = context === 'header' && position === 0 ? 0.5 : 0;
        hits.push({
          brands,
          context,
          exact,
          keyLength: key.length,
          key,
          fit: alone,
          bonus: first,
          line: position,
        });
      }
    }
  });
  return hits;
}

const LATIN = /\p{Script=Latin}/u;

/**
 * The brand's name as its line writes it: a Korean chain the directory names 롯데슈퍼 is "Lotte
 * Super" on a receipt that prints it in Latin letters (its other name in the directory). Else the
 * directory's name.
 */
function inScriptOfLine(
  name: string,
  indices: ReadonlySet<number>,
  line: string,
  dir: BrandDirectory,
): string {
  if (LATIN.test(name) || !/\p{L}/u.test(name) || !LATIN.test(line)) return name;
  const lineKey = brandKey(line);
  for (const index of indices) {
    const latin = (dir.brands[index].also ?? []).find(
      (also) => LATIN.test(also) && lineKey.includes(brandKey(also)),
    );
    if (latin) return latin;
  }
  return name;
}

/**
 * The brand that issued the receipt, recognised from everything printed on it: the header line
 * (often all OCR keeps of a logo), the company line with its legal form or VAT number, a web or
 * mail address, the footer's thanks. Each kind of place adds its weight once; brands trading in
 * the receipt's country are preferred. Null when the evidence is too thin.
 */
export function findBrand(
  lines: readonly TextLine[],
  opts: FindBrandOptions = {},
): BrandMatch | null {
  const dir = opts.directory ?? brandDirectory();
  interface Support {
    best: Map<Context, number>;
    indices: Set<number>;
    exact: boolean;
    /** The line of its weightiest hit. */
    top: { weight: number; line: number };
  }
  const byName = new Map<string, Support>();
  for (const hit of collectHits(lines, dir)) {
    const weight =
      WEIGHT[hit.context] * hit.fit * (hit.exact ? 1 : 0.7) +
      (hit.bonus ?? 0) +
      0.03 * Math.min(hit.keyLength, 12);
    for (const index of hit.brands) {
      const name = dir.brands[index].name;
      // "SPAR" is Spar's own name and one of Eurospar's: the brand it names first wins the tie.
      const own = hit.key !== '' && brandKey(name) === hit.key ? 0.2 : 0;
      const entry: Support = byName.get(name) ?? {
        best: new Map(),
        indices: new Set(),
        exact: false,
        top: { weight: weight + own, line: hit.line },
      };
      entry.exact ||= hit.exact;
      if (weight + own > entry.top.weight) entry.top = { weight: weight + own, line: hit.line };
      entry.best.set(hit.context, Math.max(entry.best.get(hit.context) ?? 0, weight + own));
      entry.indices.add(index);
      byName.set(name, entry);
    }
  }
  const ranked = [...byName].map(([name, { best, indices, top, exact }]) => {
    let score = [...best.values()].reduce((a, b) => a + b, 0);
    if (opts.country) {
      const fits = [...indices].map((i) => tradesIn(dir.brands[i], opts.country as string));
      if (fits.includes(true)) score += 0.5;
      else if (fits.every((fit) => fit === false)) score -= 2;
    }
    return { name, indices, score, evidence: [...best.keys()], line: top.line, exact };
  });
  ranked.sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  if (!first || first.score < ACCEPT) return null;
  // Two brands with the same support: say so through the confidence.
  const margin = second ? first.score - second.score : first.score;
  const confidence = Math.min(0.95, 0.55 + first.score / 10) * (margin < 0.5 ? 0.7 : 1);
  const { indices, ...match } = first;
  return {
    ...match,
    name: inScriptOfLine(first.name, indices, lines[first.line]?.text ?? '', dir),
    confidence: Math.round(confidence * 100) / 100,
  };
}
