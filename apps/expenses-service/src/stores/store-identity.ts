/**
 * What identifies the store a receipt came from, read from the receipt's text as the reader
 * kept it (`raw_ocr_text`): keys such as `tax:DE123456789` or `phone:301234567`
 * (docs/ocr.md, "Stores SnapTrack knows").
 *
 * - Strong keys name one shop or one company: a tax or VAT id (`tax:`), a phone number with at
 *   least 8 digits (`phone:`, its last 9 digits, so `+49 30 1234567` and `030 1234567` agree),
 *   a web or mail address (`web:`, the domain without `www.`). One of them matching is enough.
 * - Weak keys are shared by shops that are not the same: the receipt's header lines without
 *   digits (`head:`), the name the reader took as the vendor (`name:`), an address line
 *   (`addr:`, one address can host several shops). Two different weak values must match;
 *   a header line that is also the vendor's name counts once.
 *
 * Pure: no I/O.
 */

export type StoreKeyKind = 'tax' | 'phone' | 'web' | 'head' | 'name' | 'addr';

export const STRONG_KEY_KINDS: readonly StoreKeyKind[] = ['tax', 'phone', 'web'];

/** How many keys a store keeps (the newest receipts' keys first). */
export const MAX_STORE_KEYS = 40;

/** How many header lines of a receipt may name it. */
const HEADER_LINES = 4;

/** Labels that introduce a tax or company registration id, in the languages of the receipts. */
const TAX_LABEL =
  /\b(U\.?\s?S\.?\s?T\.?[\s.-]*(ID|IDNR|ID-?NR)|UST|MWST|VAT|TVA|IVA|BTW|MOMS|ALV|DPH|DIC|ICO|NIP|REGON|KRS|PIB|OIB|CUI|CIF|NIF|NIE|RUT|RFC|CNPJ|CPF|NIT|RUC|ABN|ACN|GST|HST|QST|PST|TIN|EIN|UEN|ROC|SSM|BRN|SST|NPWP|MST|VKN|TCKN|TAX|STEUER\s?NR|STEUERNUMMER|ST\.?\s?NR|UID|P\.?\s?IVA|PARTITA IVA|SIRET|SIREN|KVK|CVR|ORG\.?\s?NR|Y-TUNNUS|TAX\s?ID|REG(ISTRATION)?\.?\s?NO|CO\.?\s?REG|COMPANY\s?NO|GSTIN|PAN|TRN|NTN|STRN|KRA\s?PIN|KENNITALA|KT)\b|統一編號|統編/g;

/**
 * Labels that are also words of the receipts' languages (German `ein`, Spanish `pan`, English
 * `tin` and `tax`): they introduce an id only when a digit, `:`, `#`, `No` or `ID` follows, so
 * `EIN Telefon 0211 …` or `TIN TOMATOES 5012345678901` give no tax key. Such a key, a phone or
 * a product's barcode, would be shared by stores that have nothing else in common.
 */
const WORDLIKE_TAX_LABEL = /^(EIN|PAN|TIN|KT|TAX)$/;
const ID_FOLLOWS = /^[\s.]*(?:[:#]|N[OR]\b|ID\b|\d)/;

/** An EU VAT number printed without a label (`DE123456789`, `ATU12345678`). */
const EU_VAT =
  /\b(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB|CHE)[\s-]?U?\d[\d\s.-]{6,14}\d\b/;

const PHONE_LABEL =
  /\b(TEL|TELP|TELEFON|TELEFONE|TELEFONO|TELEPHONE|PHONE|PH|FON|FONE|FAX|HOTLINE|TLF|TLF\.|MOB|MOBILE|HP|DT|T)\b\.?:?|☎|📞/;

const WEB =
  /\b(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+(?:com|net|org|de|at|ch|fr|it|es|pt|nl|be|pl|cz|sk|hu|ro|hr|si|lt|lv|ee|fi|se|dk|no|uk|co\.uk|ie|us|ca|mx|br|ar|cl|co|pe|vn|th|my|sg|id|ph|jp|kr|cn|tw|hk|in|np|tr|ua|ru|gr|il|eg|za|au|nz|ae|sa|eu|info|biz|shop|store))\b/;

const MAIL = /\b[a-z0-9._%+-]+@((?:[a-z0-9-]+\.)+[a-z]{2,})\b/;

/** Domains of payment and receipt software, printed on receipts of every kind of shop. */
const NOT_A_STORE_DOMAIN =
  /^(visa|mastercard|paypal|sumup|square|squareup|stripe|izettle|zettle|adyen|worldline|ingenico|verifone|lightspeed|toasttab|clover|shopify|google|apple|facebook|instagram|tiktok|twitter|x|gmail|yahoo|hotmail|outlook|icloud|gmx|web)\./;

/** Address parts (the reader's own list is richer; this only has to keep addresses out of headers). */
const ADDRESS =
  /\b(STREET|ST\.|ROAD|RD\.?|AVENUE|AVE\.?|BLVD|LANE|DRIVE|HIGHWAY|JALAN|JLN|TAMAN|LOT|NO\.|STRASSE|STR\.|WEG|PLATZ|ALLEE|GASSE|RUE|VIA|VIALE|PIAZZA|CALLE|AVDA|AVENIDA|RUA|STRAAT|LAAN|ULICA|UL\.)\b|STRASSE\b|\b\d{4,5}\s+\p{Lu}/u;

/** Upper case, accents and marks removed, `ß` as `SS`. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .toUpperCase();
}

/** Letters (any script) and digits only, lower case: how names and headers are compared. */
export function nameKey(text: string): string {
  return fold(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

// A Chinese, Japanese or Korean character says as much as two letters: `全家`, `合計` name things.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Whether a compared name or label says enough to tell: three letters, or two CJK characters. */
export function saysEnough(key: string): boolean {
  return key.length + (key.match(CJK) ?? []).length >= 3;
}

function digits(text: string): string {
  return text.replace(/\D+/g, '');
}

function taxKeys(upper: string): string[] {
  const keys: string[] = [];
  const eu = EU_VAT.exec(upper);
  if (eu) keys.push(`tax:${eu[0].replace(/[^A-Z0-9]/g, '')}`);
  const label = [...upper.matchAll(TAX_LABEL)].find(
    (found) =>
      !WORDLIKE_TAX_LABEL.test(found[0]) ||
      ID_FOLLOWS.test(upper.slice(found.index + found[0].length)),
  );
  if (label) {
    // The id follows its label: the longest run of letters and digits with at least 6 digits.
    const after = upper.slice(label.index + label[0].length);
    const candidates = after.match(/[A-Z0-9][A-Z0-9 ./-]{4,24}[A-Z0-9]/g) ?? [];
    for (const candidate of candidates) {
      // An amount (`12.34`) is the tax, not the id.
      if (/\d[.,]\d{2}(?!\d)/.test(candidate)) continue;
      const compact = candidate.replace(/[^A-Z0-9]/g, '');
      if (digits(compact).length >= 6 && compact.length <= 20) {
        keys.push(`tax:${compact}`);
        break;
      }
    }
  }
  return keys;
}

function phoneKeys(upper: string): string[] {
  const labelled = PHONE_LABEL.exec(upper);
  const international = /\+\s?\(?\d/.exec(upper);
  const start = labelled ? labelled.index + labelled[0].length : international?.index;
  if (start === undefined) return [];
  // The number: digits with the separators phone numbers are printed with.
  const number = /\+?\(?\d[\d\s().\/-]{6,20}\d/.exec(upper.slice(start));
  if (!number) return [];
  const all = digits(number[0]);
  if (all.length < 8 || all.length > 15) return [];
  return [`phone:${all.slice(-9)}`];
}

function webKeys(line: string): string[] {
  const lower = line.toLowerCase();
  const keys: string[] = [];
  for (const match of [MAIL.exec(lower), WEB.exec(lower)]) {
    const domain = match?.[1]?.replace(/^www\./, '');
    if (domain && !NOT_A_STORE_DOMAIN.test(domain)) keys.push(`web:${domain}`);
  }
  return keys;
}

/**
 * The store keys of a receipt's text, and of the vendor the reader took from it. Unique, strong
 * keys first.
 */
export function storeKeys(text: string | null, vendor?: string | null): string[] {
  const keys = new Set<string>();
  const weak = new Set<string>();
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  let headers = 0;
  lines.forEach((line, index) => {
    const upper = fold(line);
    const strong = [...taxKeys(upper), ...phoneKeys(upper), ...webKeys(line)];
    for (const key of strong) keys.add(key);
    if (strong.length > 0 || index >= HEADER_LINES + 4 || headers >= HEADER_LINES) return;
    if (WEB.test(line.toLowerCase()) || MAIL.test(line.toLowerCase())) return;
    const letters = nameKey(line);
    if (ADDRESS.test(upper) && /\d/.test(line)) {
      if (letters.length >= 6) weak.add(`addr:${letters}`);
      return;
    }
    // A header names the shop: a line of words, without the digits of a date, phone or id.
    if (/\d/.test(line) || !saysEnough(letters) || letters.length > 60) return;
    weak.add(`head:${letters}`);
    headers += 1;
  });
  const name = vendor ? nameKey(vendor) : '';
  if (saysEnough(name)) weak.add(`name:${name}`);
  return [...keys, ...weak];
}

function kindOf(key: string): StoreKeyKind {
  return key.slice(0, key.indexOf(':')) as StoreKeyKind;
}

/**
 * How well a known store's keys match a receipt's: 0 for no match, else 100 per strong key and
 * 1 per weak value both share. A match needs one strong key, or two different weak values.
 */
export function matchScore(known: readonly string[], receipt: readonly string[]): number {
  const theirs = new Set(known);
  let strong = 0;
  const weakValues = new Set<string>();
  for (const key of receipt) {
    if (!theirs.has(key)) continue;
    if (STRONG_KEY_KINDS.includes(kindOf(key))) strong += 1;
    // `name:lidl` and `head:lidl` are one piece of evidence.
    else weakValues.add(kindOf(key) === 'addr' ? key : key.slice(key.indexOf(':') + 1));
  }
  if (strong === 0 && weakValues.size < 2) return 0;
  return strong * 100 + weakValues.size;
}

/** Whether the match rests on a strong key (a tax id, phone or web address). */
export function strongMatch(known: readonly string[], receipt: readonly string[]): boolean {
  const theirs = new Set(known);
  return receipt.some((key) => theirs.has(key) && STRONG_KEY_KINDS.includes(kindOf(key)));
}

/** A store's keys after another receipt of it: the new receipt's first, at most MAX_STORE_KEYS. */
export function mergeKeys(known: readonly string[], receipt: readonly string[]): string[] {
  const merged = [...new Set([...receipt, ...known])];
  const strong = merged.filter((key) => STRONG_KEY_KINDS.includes(kindOf(key)));
  const weak = merged.filter((key) => !STRONG_KEY_KINDS.includes(kindOf(key)));
  return [...strong, ...weak].slice(0, MAX_STORE_KEYS);
}

/** A key as Settings shows it: its kind and its value. */
export function describeKey(key: string): { kind: StoreKeyKind; value: string } {
  return { kind: kindOf(key), value: key.slice(key.indexOf(':') + 1) };
}
