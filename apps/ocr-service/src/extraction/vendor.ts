import { brandKey } from './brands/brand-key.js';
import { brandDirectory } from './brands/brand-directory.js';
import { chainAtStart } from './brands/chain-at-start.js';
import { findBrand, hostsIn, type BrandMatch } from './brands/find-brand.js';
import { calibrated, vendorBasis } from './calibration.js';
import { isTownAndRegion, looksLikeAddress } from './address.js';
import { shopOfSender } from './mail-sender.js';
import { shopNamedInPhrase } from './shop-phrase.js';
import { letterKey, toTextLines, type TextLine } from './text-lines.js';

export interface VendorResult {
  value: string | null;
  confidence: number;
  /** The kind of evidence the name rests on (calibration.ts); null when none was read. */
  basis: string | null;
  /** The indices of the lines the name was read from (one, or a name printed over several). */
  lines: number[];
}

/** Legal-entity suffixes: the strongest sign that a line is the merchant's name. */
const LEGAL_SUFFIX =
  /\b(SDN\.?\s?BHD|S\/B|BHD|BERHAD|PLT|LLC|L\.L\.C|INC|LTD|LIMITED|LLP|PLC|CORP(ORATION)?|CO\.|COMPANY|GMBH|PTY|PTE|UAB|D\.\s?[O0]\.\s?[O0]|SP\.\s?Z\s?[O0]\.\s?[O0]|S\.\s?R\.\s?[O0]|TBK)\.?(?![A-Z])/i;
/** Italy's S.p.A., not the spa of "Sunrise Nails Spa" or "Salon & Spa": not after these, `gap` apart. */
const notASpa = (gap: string) =>
  String.raw`(?<!(?:NAILS?|DAY|MED|HAIR|BEAUTY|SALON|HEALTH|WELLNESS|MASSAGE|HOTEL|RESORT|FOOT|SKIN|BODY|&)${gap})`;
/** Short forms that are words too ("SA", "AG"): only as the last word, as printed. */
const SHORT_LEGAL_SUFFIX = new RegExp(
  String.raw`\s(S\.A\.?|SA|S\.L\.?|SARL|S\.A\.R\.L\.?|SAS|B\.V\.?|BV|N\.V\.?|AG|KG|OHG|S\.P\.A\.?|${notASpa(String.raw`\s`)}SPA|SRL|S\.R\.L\.?|OY|AB|AS|A\/S|APS|ApS|DOO|SRO|KFT|ZRT|LTDA|LDA|EIRELI|S\.A\.C\.?|E\.I\.R\.L\.?|EIRL)$`,
);
/** Turkish: anonim şirket, limited şirketi ("ŞOK MARKETLER T.A.Ş.", "ÖZ GIDA LTD. ŞTİ."). */
const TURKISH_LEGAL_SUFFIX = /\s(T\.?\s?)?A\.?\s?Ş\.?$|\sLTD\.?\s?ŞT[İI]\.?$/iu;
/** The same on Paddle's space-less text ("OJCMARKETINGSDNBHD"). */
const LEGAL_SUFFIX_KEY =
  /(SDNBHD|SB$|BHD$|BERHAD|PLT$|LLC$|INC$|LTD$|LIMITED$|GMBH$|PTYLTD|PTELTD)/;
/** Words for a kind of shop or trade, in several languages; matched with accents taken off. */
const BUSINESS_WORD =
  /\b(ENTERPRISE|TRADING|RESTORAN|RESTAURANT|CAFE|COFFEE|BAKER(Y|IES)|HARDWARE|STORE|STORES|MART|MARKET|SUPERMARKET|HYPERMARKET|PHARMACY|FARMASI|STATIONERY|BOOKS?|BOOKSTORES?|SHOP|KEDAI|SYARIKAT|PERNIAGAAN|TRADERS?|HOLDINGS|INTERNATIONAL|INDUSTRIES|SERVICES?|ELECTRONICS?|ELECTRICAL|CENTRE|CENTER|GALLERY|PETROL|STATION|FOODS?|KITCHEN|BAR|GRILL|PIZZA|DINER|DELI|HOTEL|PASAR|PASARAYA|MINI|FRESH|HEALTH|BEAUTY|CONFECTIONERY|SWEETS|FURNISHING|GROCER(Y|S)?|OUTLET|BOUTIQUE|FLORISTS?|FLOWERS|INN|MOTEL|PUB|TAVERN|BISTRO|BREWERY|LIQUORS?|BUTCHERS?|SALON|BARBERS?|NAILS|DENTAL|CLINIC|GARAGE|LAUNDRY|CLEANERS|FITNESS|TAILORS?|OPTICIANS?|PIZZERIA|TRATTORIA|OSTERIA|TAQUERIA|BRASSERIE|BOULANGERIE|PATISSERIE|BOUCHERIE|FROMAGERIE|EPICERIE|QUINCAILLERIE|DEPANNEUR|LIBRAIRIE|FLEURISTE|TABAC|PANADERIA|PASTELERIA|CARNICERIA|FRUTERIA|LIBRERIA|CAFETERIA|PANIFICIO|MACELLERIA|GELATERIA|FARMACIA|PHARMACIE|APOTHEKE|BACKEREI|BAECKEREI|METZGEREI|BUCHHANDLUNG|GASTHAUS|GASTHOF)\b/i;

const BUSINESS_WORD_ALONE = new RegExp(`^(?:${BUSINESS_WORD.source.slice(3, -3)})$`, 'i');

/** Long business words, found in Paddle's space-less text too ("SANYUSTATIONERYSHOP"). */
const BUSINESS_KEY =
  /ENTERPRISE|TRADING|RESTORAN|RESTAURANT|BAKERIES|HARDWARE|SUPERMARKET|HYPERMARKET|PHARMACY|FARMASI|STATIONERY|BOOKSTORE|PERNIAGAAN|SYARIKAT|CONFECTIONERY|FURNISHING|HOLDINGS|INTERNATIONAL|MARKETING|HEALTHCARE/;

/** Lines that are never the merchant's name. Tested on the uppercased line. */
const NOT_A_NAME: RegExp[] = [
  // document titles and boilerplate
  // the till's or the payment provider's own line: "Powered by Toast"
  /\bPOWERED\s?BY\b/,
  /\b(TAX\s?INVOICE|INVOICE|RECEIPT|RESIT|CASH\s?BILL|CASH\s?SALES?|OFFICIAL|SIMPLIFIED|COPY|REPRINT|WELCOME|THANKS?|SELAMAT|CUSTOMER|CASHIER|MEMBER(SHIP)?|DOCUMENT|SERVER|TERMINAL|POS|TRANS(ACTION)?|SALESPERSON|OPERATOR|SLIP|QUOTATION)\b/,
  // phones, registration and tax numbers
  /\b(TEL|TELEPHONE|FAX|PHONE|H\/P|HP|MOBILE|CALL|WHATSAPP|E-?MAIL|WEBSITE)\b/,
  // column headings and till lines of European receipts: "Mo Datum Uhrzeit", "Kasse 3 Bon 1234"
  /\b(DATUM|UHRZEIT|KASSE|KASSIER\w*|BEDIENER|BELEG|BON-?NR|FILIALE|MARKT-?NR|DATE|HEURE|CAISSE|CAISSIER\w*|FECHA|HORA|CAJA|CAJERO|SCONTRINO|CASSA|OPERATORE|KASSA|KASSIER|TIJD|DATA|OPERADOR|FATURA|TALAO)\b/,
  /\bITEM[S5]?\s?SOLD\b/,

  /\b(GST|SST|VAT|TAX|REG|ROC|BRN|TIN|ABN|ACN|EIN|UEN|CO\.?\s?NO|COMPANY\s?NO|NO\.?\s?SYARIKAT|ID(?=\s?(:|NO\b)))\b/,
  /\(?\b\d{5,}-[A-Z]\)?/, // Malaysian company numbers: 789417-W
  /\b(WWW\.|HTTPS?:|\.COM\b|\.MY\b|@)/,
  // dates, times, amounts
  /\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}/,
  /\d{1,2}:\d{2}/,
  // an amount, its tax class letter joined to it by OCR too ("Baked Beans 16.52A")
  /\d+[.,]\d{2}(?!\d)/,
];

/**
 * Till words that a shop's name may hold too ("ORDER #12" but "Order Up Diner", "BILL" but
 * "Bill's Diner", "TABLE 5" but "The Kitchen Table Cafe"): they rule a line out unless it names a
 * shop (see {@link namesAShop}).
 */
const TILL_WORD = /\b(BILL|ORDER|TABLE|CHECK|GUEST|COUNTER|DELIVERY)\b/;

/**
 * What a header prints beside the name and is not it: document titles of other languages
 * ("NOTA FISCAL", "BOLETA", "HÓA ĐƠN"), phone labels ("Fone", "ĐT"), a bank or card issuer on a
 * card slip ("Finansbank … KREDI KARTI"), a cuisine or trade alone ("KOREAN RESTAURANT").
 */
const NOT_A_NAME_ABROAD: RegExp[] = [
  /\b(NOTA\s?FISCAL|CUPOM|DOCUMENTO|BOLETA|FACTURA|FATTURA|TICKET|RECIBO|RICEVUTA|QUITTUNG|RECHNUNG|KASSENBON|KASSABON|PARAGON|UCTENKA|HOA\s?DON|PHIEU|FIS|FATURA)\b/,
  /\b(FONE|TELEFONE|TELEFONO|TELEFON|TEL|DT|SDT|CNPJ|CPF|NIT|RUT|NIF|CIF|P\.?\s?IVA|ICO|DIC|NIP|MST|VKN|UID|STEUER-?NR|ST\.?-?NR)\b/,
  // a tax table's heading ("MwSt% Netto MwSt Brutto")
  /\b(MWST|MW\.?\s?ST|BRUTTO)\b/,
  // a VAT id ("USt-IdNr. DE123456789", its I read as l) or a currency alone ("EUR")
  /\bUST\.?-?\s?[IL1]D|\b[A-Z]{2}\s?\d{9,12}\b|^(EUR|EURO|CHF|GBP|USD)$/,
  /\bCARD\s?(#|NO\b|NUMBER)/,
  /\b(TISCH|MESA|TAVOLO|TAFEL|STOL|BAN\s?\d|TABLE\s?\d|RAUM|SALA)(?![A-Z])/,
  /\b(BANK|BANKASI|BANCO|BANQUE|FINANSBANK|KREDI\s?KARTI|CREDIT\s?CARD|DEBIT\s?CARD|MERCHANT|MERCHANT\s?ID|TERMINAL\s?ID|ACQUIRER|APPROVAL|AUTH)\b/,
  /^(THE\s)?(KOREAN|JAPANESE|CHINESE|THAI|VIETNAMESE|ITALIAN|MEXICAN|INDIAN|FRENCH|ASIAN|AMERICAN|GREEK|TURKISH|SPANISH|LEBANESE|SEAFOOD|VEGETARIAN|VEGAN|HALAL|FAST\s?FOOD|FAMILY|BBQ)(\s(&|AND)\s\w+)?\s(RESTAURANT|CUISINE|FOOD|KITCHEN|BBQ|GRILL|BISTRO|CAFE|BAKERY|DINING)S?$/,
];

/**
 * A slogan or a promise ("More saving.", "Big on Fresh, Low on Price", "Live better"): words of
 * praise or price in a sentence (ending in a full stop, or two phrases split by a comma).
 */
const SLOGAN_WORD =
  /\b(SAV(E|ES|ING|INGS)|LOW(ER|EST)?|PRICES?|FRESH(ER|EST)?|QUALITY|EVERY\s?DAY|BETTER|BEST|ALWAYS|GUARANTEED?|PROMISE|MORE|LESS|LOVE|ENJOY|FRIENDLY|VALUE|HAPPY|SMILE|WORLD|FAVOURITE|FAVORITE)\b/g;

/** Accents folded and Vietnamese Đ written D, so the ASCII patterns above read every language. */
function foldForMatch(upper: string): string {
  return upper
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/Đ/g, 'D');
}

function isSlogan(raw: string): boolean {
  const upper = raw.toUpperCase();
  const words = upper.match(SLOGAN_WORD)?.length ?? 0;
  if (words === 0) return false;
  const sentence = /[.!]\s*$/.test(raw.trim()) || /\p{L},\s*\p{L}/u.test(raw);
  return sentence || words >= 3;
}

/** The same titles in Paddle's space-less text ("CASHSALESCOUNTER"), on letters only. */
const NOT_A_NAME_KEY = /INVOICE|RECEIPT|CASHBILL|CASHSALE|THANKYOU|WELCOME|CASHIER|SALESPERSON/;

/** A company number printed beside the name: "(789417-W)", "{519537-X)", "CO. NO: 123456-A". */
const REGISTRATION =
  /[({[]?\s*(CO\.?\s?(REG\.?)?\s?NO\.?\s*:?\s*)?\b(?=(?:[A-Z]*\d){5})[A-Z]{0,3}\d[\dA-Z]{4,}\s?-?\s?[A-Z]\b\s*[)}\]]?/gi;
/** A label introducing the owner's legal name below the trading name. */
const OWNER_LABEL =
  /\b(OWNED\s?BY|DIMILIKI\s?OLEH|OPERATED\s?BY|A\s?DIVISION\s?OF|MANAGED\s?BY)\b/i;
/**
 * A label over the customer's own address ("Shipping address", "Bill to:"): the lines below it
 * name the buyer, not the shop.
 */
const CUSTOMER_LABEL =
  /^\s*(SHIP(PING)?\s?TO|BILL(ING)?\s?TO|(SHIPPING|BILLING|DELIVERY|INVOICE)\s?ADDRESS|CUSTOMER(\s?(INFORMATION|DETAILS))?|DELIVER\s?TO|LIEFERADRESSE|RECHNUNGSADRESSE|ADRESSE DE (LIVRAISON|FACTURATION)|DIRECCION DE (ENVIO|FACTURACION))\s*:?\s*$/i;
/** Words that continue a name from the line above: "PASARAYA BORONG PINTAR" / "SDN BHD". */
const CONTINUATION = /^(SDN|BHD|S\/B|CO\.|\(M\)|LTD|LLC|INC|PLT|ENTERPRISE|TRADING|&|AND\b)/i;

/** Repairs OCR slips in legal suffixes and Paddle's missing spaces around them. */
function fixSuffix(text: string): string {
  return text
    .replace(/\b[S5§]\s?\/\s?[B8]\b/g, 'S/B')
    .replace(/\bC0\./g, 'CO.')
    .replace(/([A-Z])(SDN\.?\s?BHD)/g, '$1 $2')
    .replace(/\bS[DIO0U]N\.?\s?[BEH8][HI][DO0]\b/gi, (m) =>
      m === m.toUpperCase() ? 'SDN BHD' : 'Sdn Bhd',
    )
    .replace(/SDNBHD/gi, (m) => `${m.slice(0, 3)} ${m.slice(3)}`)
    .replace(/SDN\.BHD/gi, (m) => `${m.slice(0, 4)} ${m.slice(4)}`)
    .replace(/([a-z0-9])\(/gi, '$1 (')
    .replace(/\)([a-z0-9])/gi, ') $1');
}

// Letters of the alphabets beside Latin: a Ukrainian, Greek, Thai, Arabic or Hebrew shop's name
// is a name too (an e-mailed receipt keeps its script where OCR may not).
const OTHER_LETTERS = String.raw`\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Thai}\p{Script=Arabic}\p{Script=Hebrew}`;
const OTHER_ALPHABET = new RegExp(`[${OTHER_LETTERS}]`, 'gu');
const LOWER_LETTER = new RegExp(`[a-z${OTHER_LETTERS}]`, 'gu');
// Chinese, Japanese and Korean write a name in few characters, each worth two letters of an
// alphabet ("全家", "ローソン", "이마트"): two of them in a row are a word.
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー`;
const CJK_CHARACTER = new RegExp(`[${CJK}]`, 'gu');
const WORD_OF_FOUR = new RegExp(`[A-Za-z${OTHER_LETTERS}]{4,}|[${CJK}]{2,}`, 'u');

/** Lowercase letters, Latin (accented ones included: "Café" has three), Cyrillic and Greek. */
function lowerCase(text: string): number {
  return (foldForMatch(text).match(LOWER_LETTER) ?? []).filter(
    (letter) => letter !== letter.toUpperCase(),
  ).length;
}

/** Drops what is not a letter or digit at either end ("*** Épicerie Lucie ***"), in any script. */
function trimJunk(text: string): string {
  return text
    .replace(/^[^\p{L}\p{N}(]+/u, '')
    .replace(/[^\p{L}\p{N}).&]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short code in parentheses after the legal suffix: "KING'S CONFECTIONERY S/B (KSB)". */
const TRAILING_CODE = /(SDN\.? BHD\.?|S\/B|BHD\.?|LTD\.?|INC\.?|LLC)\s*\([A-Z0-9 -]{1,8}\)$/i;

function clean(text: string): string {
  const name = trimJunk(fixSuffix(trimJunk(text)).replace(REGISTRATION, ' '));
  return name.replace(TRAILING_CODE, '$1');
}

interface Scored {
  text: string;
  score: number;
  legal: boolean;
  business: boolean;
  line: TextLine;
}

function isLegal(text: string): boolean {
  return (
    LEGAL_SUFFIX.test(text) ||
    SHORT_LEGAL_SUFFIX.test(text) ||
    TURKISH_LEGAL_SUFFIX.test(text) ||
    CYRILLIC_FORM_AT_START.test(text) ||
    CJK_FORM.test(text) ||
    LEGAL_SUFFIX_KEY.test(letterKey(text))
  );
}

/** Whether the (uppercased) line holds a word for a kind of shop, accented or not ("CAFÉ"). */
function hasShopWord(upper: string): boolean {
  return BUSINESS_WORD.test(foldForMatch(upper));
}

/**
 * A line without a digit that names a kind of shop ("Main Street Pharmacy", "Bill's Diner"): a
 * name, though it holds a street word or a till word. An address or a till line has a number.
 */
function namesAShop(upper: string): boolean {
  return !/\d/.test(upper) && hasShopWord(upper);
}

/**
 * The letters of a line that can spell a name, upper case: Latin (accents folded), Cyrillic,
 * Greek, and the characters of Chinese, Japanese and Korean.
 */
function nameKey(text: string): string {
  const upper = text.toUpperCase();
  return (
    letterKey(text) +
    [...(upper.match(OTHER_ALPHABET) ?? []), ...(upper.match(CJK_CHARACTER) ?? [])].join('')
  );
}

/** How many letters a name spells, a Chinese, Japanese or Korean character counting two. */
function nameLetters(text: string): number {
  return nameKey(text).length + (text.match(CJK_CHARACTER) ?? []).length;
}

/** A label that prints the merchant's name after it: "Sold by: Mountain View Landscaping". */
const MERCHANT_LABEL =
  /^\s*(?:SOLD\s?BY\s*:?|(?:MERCHANT|SELLER|VENDOR|STORE|BUSINESS)(?:\s?NAME)?\s*:)\s*/i;

/**
 * A letter's sender line, its name before the address in one line ("Elektro Müller GmbH ·
 * Hauptstraße 5 · 80331 München", an invoice's window line): the name alone. Parts that are no
 * address ("CAFÉ · BAR · BISTRO") stay one line.
 */
function withoutSenderAddress(printed: string): string {
  const address = (part: string) =>
    looksLikeAddress(part.toUpperCase()) || /^\d{4,5}(-\d{3})?\s+\p{L}/u.test(part);
  // "GitHub, Inc. 88 Colin P Kelly Jr Street San Francisco, CA 94107": the address after the
  // legal form.
  const legal = LEGAL_SUFFIX.exec(printed);
  const end = legal ? legal.index + legal[0].length : printed.length;
  if (end < printed.length && address(printed.slice(end).replace(/^[\s,]+/, ''))) {
    return printed.slice(0, end);
  }
  const parts = printed.split(/\s+[·•|]\s+/);
  if (parts.length < 2) return printed;
  return parts.slice(1).some(address) ? parts[0] : printed;
}

/** A mail's greeting to the customer ("Hi Max,", "Dear customer,"), not "Hello Sushi". */
const GREETING =
  /^(hi|hello|hey|dear|hallo|liebe[rs]?|sehr geehrte[rs]?|bonjour|hola|ciao|hej)\b[^,]{0,40},$/i;

/** A line that could be (part of) a name: returns its cleaned text, or null. */
function namePart(printed: string): string | null {
  if (GREETING.test(printed.trim())) return null;
  const raw = withoutSenderAddress(printed).replace(MERCHANT_LABEL, '');
  const text = clean(raw);
  const upper = text.toUpperCase();
  const letters = nameLetters(text);
  const digits = (text.match(/\d/g) ?? []).length;
  if (letters < 2 || digits > letters) return null;
  if (NOT_A_NAME.some((pattern) => pattern.test(upper))) return null;
  const shop = namesAShop(upper);
  if (TILL_WORD.test(upper) && !shop) return null;
  // On the cleaned text and on the line as printed ("Card#:****" is "Card" once cleaned).
  const folded = [foldForMatch(upper), foldForMatch(raw.toUpperCase())];
  if (NOT_A_NAME_ABROAD.some((pattern) => folded.some((t) => pattern.test(t)))) return null;
  if (isSlogan(raw)) return null;
  if (NOT_A_NAME_KEY.test(letterKey(text))) return null;
  if (OWNER_LABEL.test(text) && letterKey(text.replace(OWNER_LABEL, '')).length < 3) return null;
  if (!isLegal(text) && !shop && looksLikeAddress(upper)) return null;
  // "Detroit,MI": cleaning cuts the state off and leaves a town that reads as a name.
  if (isTownAndRegion(raw.toUpperCase())) return null;
  if (/!\s*$/.test(raw)) return null; // a slogan: "Jeden Tag besser!"
  // A field and its value, "Label: value" ("Cashier: SAM", "Suc: CENTRO"), even misread.
  if (!isLegal(text) && /^\p{L}{2,10}\.?\s?:\s*\S/u.test(raw.trim())) return null;
  if (/^\d{5,}\s/.test(raw.trim())) return null; // an article number: "07323400310 RICE"
  // A masked card number, its label misread: "Car*#:****************", "************2579". The
  // stars are matched from the first of a run only: tried inside a long run (a hostile mail's
  // line of stars), the pattern took time growing with the square of its length.
  if (/#\s?:?\s?\*{4,}|(?<!\*)\*{4,}\d{2,4}\b/.test(raw)) return null;
  // A chain's tagline: "an IHG hotel", "part of the Accor group", "a member of …".
  if (
    /^(AN?|PART OF|A MEMBER OF|MEMBER OF)\s.*\b(HOTELS?|GROUP|COMPANY|BRAND|FAMILY)$/i.test(
      raw.trim(),
    )
  )
    return null;
  if (/^\d{1,3}\s?-\s?[\p{L}\d]*\p{L}[\p{L}\d]*$/u.test(raw.trim())) return null; // a department: "21-GROCERY"
  // A postcode and town ("80331 MÜNCHEN"), checked before cleaning cuts the postcode away.
  if (!isLegal(text) && /^\d{4,5}(-\d{3})?\s+\p{L}/u.test(raw.trim())) return null;
  return text;
}

/**
 * Countries whose companies end their names in "KG" (Kommanditgesellschaft). Elsewhere a line
 * ending in KG is an item sold by weight ("DOMATES KG" on a Turkish receipt), no name at all.
 */
const KG_COUNTRIES = new Set(['DE', 'AT', 'CH', 'LI', 'LU']);

function scoreLine(
  line: TextLine,
  rank: number,
  afterOwnerLabel: boolean,
  country: string | null | undefined,
): Scored | null {
  const text = namePart(line.text);
  if (text === null) return null;
  const upper = text.toUpperCase();
  const letters = nameLetters(text);
  if (letters < 3) return null;
  if (country && !KG_COUNTRIES.has(country) && /\sKG\.?$/i.test(text)) return null;
  const legal = isLegal(text);
  const business = hasShopWord(upper) || BUSINESS_KEY.test(letterKey(text));
  let score = 6 - rank * 0.6;
  if (legal) score += 5;
  else if (business) score += 2;
  // Company numbers are printed right beside the registered name.
  if (REGISTRATION.test(line.text.toUpperCase())) score += 2;
  REGISTRATION.lastIndex = 0;
  // The trading name is what the user knows, not the owner printed under "Owned by".
  if (afterOwnerLabel || OWNER_LABEL.test(text)) score -= 8;
  const lowerShare = lowerCase(text) / letters;
  // Handwriting and notes are mostly lowercase; a name in title case ("Quincaillerie Tremblay")
  // is not, however few its capitals.
  if (lowerShare > 0.9 && !titleCase(text)) score -= 2;
  if (lowerShare < 0.2) score += 1;
  if (letters < 5) score -= 2;
  // OCR noise ("CCE Na 3") has no word of four letters or more.
  if (!WORD_OF_FOUR.test(foldForMatch(text))) score -= 3;
  if (text.length > 50) score -= 2;
  return { text, score, legal, business, line };
}

/** Every word of three letters or more starts with a capital. */
function titleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /\p{L}{3,}/u.test(word));
  return words.length > 1 && words.every((word) => /^\p{Lu}/u.test(word));
}

function lowerShare(text: string): number {
  return lowerCase(text) / Math.max(1, nameLetters(text));
}

function unbalanced(text: string): number {
  return (text.match(/\(/g) ?? []).length - (text.match(/\)/g) ?? []).length;
}

/** Joins a name printed over several lines: "AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD". */
function extendName(
  top: TextLine[],
  index: number,
  text: string,
): { name: string; first: number; last: number } {
  let name = text;
  let first = index;
  let last = index;
  for (let step = 0; step < 3; step++) {
    const above = first > 0 ? namePart(top[first - 1].text) : null;
    const below = last + 1 < top.length ? namePart(top[last + 1].text) : null;
    if (
      above &&
      lowerShare(above) <= 0.5 &&
      (CONTINUATION.test(name) || unbalanced(name) < 0 || /(&|\bAND|\()$/i.test(above))
    ) {
      name = `${above} ${name}`;
      first--;
    } else if (
      below &&
      (unbalanced(name) > 0 ||
        /(&|\bAND)$/i.test(name) ||
        (CONTINUATION.test(below) && !isLegal(name)))
    ) {
      name = `${name} ${below}`;
      last++;
    } else {
      break;
    }
  }
  name = fixSuffix(name.replace(/\s+/g, ' ')).replace(/\(\s+/g, '(').replace(/\s+\)/g, ')');
  return { name, first, last };
}

/** The name printed at the top, and the kind of evidence it was picked on (calibration.ts). */
interface PrintedName {
  value: string | null;
  kind: string | null;
  legal: boolean;
  /** As printed, legal form and all. */
  printed: string | null;
  lines: number[];
  /** The OCR engine's confidence in the name's best line; null without one. */
  lineConfidence: number | null;
}

/**
 * A line of goods: a quantity and its price ("4 x 4.90", "2 x *24,22", "0,543 KGX 10,99") or a
 * word and its price ("Cafe pasado 12.90"). What is printed below it is goods, not a name: "Cafe
 * pasado" under "Bodega Don Lucho" is the coffee it sold. A penalty, not a cut: a receipt whose
 * name OCR put below its first prices still has it.
 */
const GOODS_LINE =
  /^(?:\d+(?:[.,]\d+)?\s?(?:KG\s?)?[X×*]\s?\*?\d+[.,]\d{2}|\p{L}[\p{L} .'-]{2,}\s\*?\d{1,5}[.,]\d{2}(?:\s?[A-Z*]{1,2})?)$/iu;
const AMONG_GOODS_PENALTY = 4;

/**
 * Picks the merchant name from the top of the receipt: the first lines that are not an address,
 * phone, tax number, date or document title, preferring a line with a legal suffix (SDN BHD, LLC,
 * LTD…), a company number or a business word (RESTORAN, HARDWARE…), and upper case over lower
 * case. A name broken over lines is joined again.
 */
function printedVendor(
  lines: TextLine[],
  country: string | null | undefined,
  maxLines = 12,
): PrintedName {
  const top = lines.slice(0, maxLines);
  const scored: Scored[] = [];
  let rank = 0;
  // Lines after an "Owned by" label name the owner, up to its legal form: "Owned by" /
  // "FRONTIER ORTIGAS" / "HOTEL and RESORT CORP." is one company over two lines.
  let ownerLinesLeft = 0;
  let customerLinesLeft = 0;
  let amongGoods = false;
  for (const line of top) {
    if (CUSTOMER_LABEL.test(foldForMatch(line.text))) {
      customerLinesLeft = 4;
      continue;
    }
    if (customerLinesLeft > 0) {
      customerLinesLeft--;
      continue;
    }
    const s = scoreLine(line, rank, ownerLinesLeft > 0, country);
    if (s && amongGoods) s.score -= AMONG_GOODS_PENALTY;
    if (GOODS_LINE.test(line.text.trim())) amongGoods = true;
    if (ownerLinesLeft > 0) ownerLinesLeft = isLegal(line.text) ? 0 : ownerLinesLeft - 1;
    if (OWNER_LABEL.test(line.text) && letterKey(line.text.replace(OWNER_LABEL, '')).length < 3)
      ownerLinesLeft = 3;
    if (s) {
      scored.push(s);
      rank++;
    }
  }
  const none = {
    value: null,
    kind: null,
    legal: false,
    printed: null,
    lines: [],
    lineConfidence: null,
  };
  if (scored.length === 0) return none;
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  const at = top.indexOf(best.line);
  const extended = extendName(top, at, best.text);
  let { name, first, last } = extended;
  // "Joma" / "Bakery cafe": a line of trade words alone is what the shop sells; its name is the
  // short line printed above it.
  const generic = onlyTradeWords(name);
  const above = generic && first > 0 ? namePart(top[first - 1].text) : null;
  const joined = above !== null && !onlyTradeWords(above) && above.split(/\s+/).length <= 3;
  if (joined) {
    name = `${above} ${name}`;
    first--;
  }
  // "Berghotel" / "Grosse Scheidegg": the kind of house first, its name on the line below.
  const below =
    generic && !joined && last + 1 < top.length
      ? (scoreLine(top[last + 1], 0, false, country)?.text ?? null)
      : null;
  const joinedBelow =
    below !== null && !onlyTradeWords(below) && !isLegal(below) && below.split(/\s+/).length <= 3;
  if (joinedBelow) {
    name = `${name} ${below}`;
    last++;
  }
  const used = top.slice(first, last + 1).map((line) => line.index);
  const legal = isLegal(name);
  const value = filedName(name, country);
  // A registered name is surely the shop's company, but outside Malaysia people file the name
  // without its legal form, and it is often the operator, not the shop: it goes to review unless
  // the header prints the same name on a line of its own (the sign above the company line).
  const repeated =
    legal &&
    value !== name &&
    top.some((line, i) => (i < first || i > last) && nameKey(line.text) === nameKey(value));
  const kind = best.legal
    ? MALAYSIAN_FORM.test(name)
      ? 'registered name, Malaysian'
      : repeated
        ? 'registered name, repeated'
        : 'registered name'
    : joinedBelow
      ? 'trade words and the line below'
      : generic && !joined
        ? 'trade words only' // "Pharmacy" alone names no shop
        : best.business
          ? 'name with a trade word'
          : 'top line';
  return {
    value,
    kind,
    legal,
    printed: name,
    lines: used,
    lineConfidence: best.line.confidence,
  };
}

/** German compounds naming a kind of house: "Berghotel", "Stadtapotheke", "Getränkemarkt". */
const TRADE_COMPOUND =
  /^\p{L}{3,}(HOTEL|APOTHEKE|BACKEREI|BAECKEREI|METZGEREI|GASTHAUS|GASTHOF|RESTAURANT|MARKT)$/u;

/** A name of trade words only ("Bakery cafe", "PHARMACY", "Supermarket & Deli", "Berghotel"). */
function onlyTradeWords(name: string): boolean {
  const trade = (w: string) => BUSINESS_WORD_ALONE.test(w) || TRADE_COMPOUND.test(w);
  const words = foldForMatch(name.toUpperCase())
    .split(/[\s,.&-]+/)
    .filter((w) => w !== '' && !/^(AND|THE|Y|E|UND|ET)$/i.test(w));
  // OCR splits a word after its first letter ("B akery cafe"): the letter is no name.
  for (let i = words.length - 2; i >= 0; i--) {
    if (words[i].length === 1 && trade(words[i] + words[i + 1])) {
      words.splice(i, 2, words[i] + words[i + 1]);
    }
  }
  return words.length > 0 && words.every(trade);
}

/** The legal forms Malaysian receipts print as part of the name they are filed under. */
const MALAYSIAN_FORM = /\b(SDN\.?\s?BHD|S\/B|BHD|BERHAD|PLT)\b/i;

/**
 * Legal forms of many countries, as the last words of a name: German GmbH, AG, KG (and
 * "GmbH & Co. KG"), English Ltd, Inc., LLC, Corp., Plc, Pty Ltd, Spanish and Latin S.L., S.A.,
 * Italian S.r.l., S.p.A., French SARL, SAS, Dutch B.V., N.V., Nordic Oy, AB, AS, Lithuanian UAB,
 * Balkan d.o.o., Polish Sp. z o.o. (and sp.k., sp.j.), Czech and Slovak s.r.o., spol. s r.o.,
 * a.s., v.o.s., Hungarian Kft., Zrt., Portuguese and Brazilian Lda, Ltda, Eireli, Indonesian
 * Tbk. "Co." alone is part of many shop names ("Boston Tea Co."), so only `strict` drops it.
 */
const LEGAL_FORM_TAIL = String.raw`(?:GMBH(?:\s?[&+]\s?CO\.?\s?(?:KG|OHG))?|MBH|AG|KG|OHG|SE|E\.\s?K|INC|LTD|LLC|L\.L\.C|LIMITED|PLC|CORP(?:ORATION)?|PTY\.?\s?LTD|PTY|S\.?\s?A\.?\s?S|S\.?\s?A|S\.?\s?L\.?\s?U?|S\.?\s?R\.?\s?L|${notASpa(String.raw`[\s,]+`)}S\.?\s?P\.?\s?A|S\.?\s?A\.?\s?R\.?\s?L|SARL|B\.?\s?V|N\.?\s?V|OY|AB|AS|A\/S|APS|UAB|D\.?\s?[O0]\.?\s?[O0]|SP\.?\s?Z\s?[O0]\.?\s?[O0]|SP\.\s?[KJP]|S\.\s?K\.\s?A|SPOL\.?\s?S\s?R\.?\s?[O0]|S\.?\s?R\.?\s?[O0]|V\.\s?[O0]\.\s?S|A\.\s?S|KFT|ZRT|NYRT|LDA|LTDA|EIRELI|TBK|(?:T[İI]C\.?\s?|T\.?\s?)?A\.?\s?Ş|(?:T[İI]C\.?\s?)?LTD\.?\s?ŞT[İI]|PVT\.?\s?LTD|P\.\s?LTD|PRIVATE\s?LIMITED|LLP|S\.\s?A\.\s?C|E\.\s?I\.\s?R\.\s?L|EIRL)`;
// "Dienstleistungs-GmbH": the form may be joined to the word before it.
const LEGAL_FORM_AT_END = new RegExp(
  String.raw`(?:[\s,]+|-(?=GMBH))(?:&\s?CO\.?\s?)?${LEGAL_FORM_TAIL}\.?$`,
  'i',
);
const LEGAL_FORM_OR_CO_AT_END = new RegExp(
  String.raw`(?:[\s,]+|-(?=GMBH))(?:&\s?CO\.?\s?)?(?:${LEGAL_FORM_TAIL}|CO)\.?$`,
  'i',
);
/** Indonesian "PT" and Romanian "SC" open a company's name: "PT SUMBER JAYA", "SC AUCHAN SA". */
const LEGAL_FORM_AT_START = /^(?:PT|CV|SC)\.?\s+(?=\S+\s+\S)/i;
/** Ukrainian and Russian forms open it too, the name in quotes: ТОВ «Сільпо-Фуд». */
const CYRILLIC_FORM_AT_START = /^(?:ТОВ|ПП|ФОП|ПРАТ|ПАТ|ТДВ|ООО|ОАО|ЗАО|АО|ИП)\s+(?=\S)/iu;
/**
 * Japanese, Chinese and Korean companies, the form before or after the name: 株式会社ローソン,
 * 上海全家便利有限公司, 全聯實業股份有限公司, (주)이마트 (NFKC has made "(株)" of "㈱").
 */
const CJK_FORM =
  /^(?:株式会社|有限会社|\(株\)|주식회사|\(주\))\s?|\s?(?:株式会社|有限会社|\(株\)|股份有限公司|有限公司|주식회사|\(주\))$/u;

/** The name without its legal form ("HOFER KG" → "HOFER", "Walmart Inc." → "Walmart"). */
function withoutLegalForm(name: string, strict = true): string {
  let out = name.trim();
  for (let i = 0; i < 2; i++) {
    out = out
      .replace(strict ? LEGAL_FORM_OR_CO_AT_END : LEGAL_FORM_AT_END, '')
      .replace(/[\s,&-]+$/, '')
      .trim();
  }
  const cyrillic = out.replace(CYRILLIC_FORM_AT_START, '');
  if (cyrillic !== out) return cyrillic.replace(/^["«„“]+|["»“”]+$/gu, '').trim();
  const cjk = out.replace(CJK_FORM, '').trim();
  if (cjk !== out && cjk.length > 0) return cjk;
  return out.replace(LEGAL_FORM_AT_START, '').trim();
}

/**
 * The name a person files a registered name under: without its legal form, and without the
 * country's code that groups of shops add to their company's name ("MAXIMA LT, UAB" in
 * Lithuania is Maxima). Malaysian registered names are filed as printed, "SDN BHD" and all.
 * Kept as printed when too little of a name would remain.
 */
function filedName(name: string, country: string | null | undefined): string {
  if (MALAYSIAN_FORM.test(name)) return name;
  let out = withoutLegalForm(name, false);
  if (country) out = out.replace(new RegExp(String.raw`[\s,-]+${country}\.?$`, 'i'), '').trim();
  out = withoutCountryName(out);
  return nameLetters(out) >= 3 ? out : name;
}

/**
 * "PENNY-MARKT", "SC AUCHAN ROMANIA SA", "Lidl Dienstleistung GmbH & Co. KG", "Tesco Stores
 * Ltd" are the brands Penny, Auchan, Lidl and Tesco: shop words, words of what the company
 * does, or the country after the brand's name, a Romanian "SC" before it (the legal form is
 * gone already). They name the company that runs the shop, not another shop.
 */
function withoutShopWord(name: string): string {
  let out = name.replace(/^S\.?\s?C\.?\s+/i, ''); // Romanian "SC … SA"
  for (let before = ''; before !== out;) {
    before = out;
    out = withoutCountryName(out).replace(COMPANY_WORD_LAST, '').trim();
  }
  return out;
}

const COMPANY_WORD_LAST =
  /[\s-]*(MARKT|SUPERMARKT|MARKET|SUPERMARKET|FILIALE|STORES?|SHOPS?|SUPERMARKETS|MARKETY|HYPERMARCH[EÉ]S|SUPERMARCH[EÉ]S|SUPERMERCADOS|HIPERMERCADOS|DIENSTLEISTUNGS?|VERTRIEBS?|HANDELS?|WARENHANDEL|RETAIL|GROUP|HOLDINGS?|SERVICES|COMPANY)$/i;

/** "SPAR HRVATSKA", "LIDL ÖSTERREICH": a chain's company named after the country it trades in. */
function withoutCountryName(name: string): string {
  return name
    .replace(
      /[\s-]+(ROMANIA|DEUTSCHLAND|OSTERREICH|ÖSTERREICH|AUSTRIA|SCHWEIZ|SUISSE|ITALIA|ESPANA|ESPAÑA|FRANCE|POLSKA|CESKO|ČESKO|ČESKÁ REPUBLIKA|CESKA REPUBLIKA|ČR|SLOVENSKO|HRVATSKA|SLOVENIJA|MAGYARORSZAG|BULGARIA|LIETUVA|LATVIJA|EESTI|NEDERLAND|BELGIE|PORTUGAL|UK|UNITED KINGDOM|GREAT BRITAIN|USA|CANADA|INDONESIA|MALAYSIA|SINGAPORE|VIETNAM|TURKIYE|TÜRKİYE|BRASIL|COLOMBIA)$/i,
      '',
    )
    .trim();
}

/** Whether the name's first word or two are a chain's name, with more words after them. */
function opensWithBrand(name: string): boolean {
  const words = name.split(/\s+/);
  const dir = brandDirectory();
  for (let n = 1; n < Math.min(3, words.length); n++) {
    const key = brandKey(words.slice(0, n).join(''));
    if (key.length >= 4 && dir.byKey.has(key)) return true;
  }
  return false;
}

/** Where people file a shop under its name as printed, branch and all (sroie-train's keys). */
const FILED_AS_PRINTED = new Set(['MY']);

/**
 * The name to file a name opening with a chain that trades here under: the chain's, unless the
 * words after it say what the shop is ("Countdown Pharmacy", "Shell Beach Cafe": a word for a
 * kind of shop, "Station" aside, which says where a branch is) or the country files names as
 * printed ("BHPETROL SUBANG AIRPORT"). Null when no such chain opens it.
 */
function chainFiledName(name: string, country: string | null | undefined): string | null {
  const chain = chainAtStart(name, country);
  if (!chain) return null;
  const rest = chain.rest.toUpperCase();
  const saysWhatShop = onlyTradeWords(rest) || hasShopWord(rest.replace(/\bSTATION\b/g, ''));
  return saysWhatShop || FILED_AS_PRINTED.has(country ?? '') ? name : chain.name;
}

/** How far down a header line may open with a chain's name. */
const HEADER_LINES = 6;

/** A date (and time) some tills print before the shop's name. */
const LEADING_DATE =
  /^\s*\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\s+(\d{1,2}:\d{2}(:\d{2})?\s*([AP]M\s+)?)?/i;

/**
 * "EDE" / "Wir ♥ Lebensmittel." / "EDEKA Franeck Potsdam 193": when the top line or an operator's
 * registered name ("PT SUMBER ALFARIA TRIJAYA" under "ALFAMART ARTHA GADING") is all the name the
 * header offers, a header line opening with a chain that trades here names the shop better (the
 * logo above it lost, the slogan no name, the operator not what people file). Still for review.
 */
function chainOnHeaderLine(
  lines: TextLine[],
  country: string | null | undefined,
): VendorResult | null {
  for (const line of lines.slice(0, HEADER_LINES)) {
    // "Springfield, IL 62701" is a town, not the fashion chain.
    if (looksLikeAddress(line.text.toUpperCase())) continue;
    // "2004-10-31 IN-N-OUT BURGER LAS VEGAS": some tills print the date before the shop's name.
    const value = chainFiledName(clean(line.text.replace(LEADING_DATE, '')), country);
    if (value === null) continue;
    return vendorRead(value, 'chain name and more', line.confidence, [line.index]);
  }
  return null;
}

/**
 * The opening words of a top line that the receipt's own web or mail address spells ("DOOKKI
 * Korean" over "Topokki Buffet", `www.dookki.co.kr` at the foot): the shop's name, the words
 * after it what it serves. Null when no address spells them.
 */
function nameOfWebAddress(value: string, lines: readonly TextLine[]): string | null {
  const labels = new Set(
    lines
      .flatMap((line) => hostsIn(line.text))
      .flatMap((host) => host.split('.').slice(0, -1))
      .map(brandKey)
      .filter((key) => key.length >= 4),
  );
  const words = value.split(/\s+/);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const opening = words.slice(0, n).join(' ');
    if (labels.has(brandKey(opening))) return opening;
  }
  return null;
}

/** A vendor read on a kind of evidence: its confidence is that kind's measured share. */
function vendorRead(
  value: string | null,
  kind: string,
  lineConfidence: number | null | undefined,
  lines: number[],
): VendorResult {
  const basis = vendorBasis(kind, lineConfidence ?? null);
  return { value, confidence: calibrated('vendor', basis), basis, lines };
}

/** A brand must beat a registered name printed at the top by this much to replace it. */
const BRAND_OVER_LEGAL_NAME = 3.5;

/** A mailed text receipt's header (`TextReceipt` of the contracts). */
export interface MailHeader {
  from: string | null;
  subject: string | null;
}

export interface VendorOptions {
  /** ISO 3166 alpha-2 of the receipt's country, when known: brands trading there win ties. */
  country?: string | null;
  /** The mail a text receipt came in: its subject and sender may name the shop. */
  mail?: MailHeader;
}

/**
 * The shop a sentence names ("Here's your receipt from Blue Bottle Coffee."), in the text or
 * else in the mail's subject, or else the shop the mail came from: each for review.
 */
function namedShop(lines: TextLine[], opts: VendorOptions): VendorResult | null {
  const filed = (name: string) => filedName(name, opts.country);
  const inText = shopNamedInPhrase(lines);
  if (inText) {
    const { confidence } = lines[inText.line];
    return vendorRead(filed(inText.name), 'named in a sentence', confidence, [inText.line]);
  }
  const inSubject = shopNamedInPhrase(toTextLines(opts.mail?.subject ?? ''));
  if (inSubject) return vendorRead(filed(inSubject.name), 'named in a sentence', null, []);
  const sender = shopOfSender(opts.mail?.from);
  return sender ? vendorRead(filed(sender), 'mail sender', null, []) : null;
}

/**
 * The merchant: a brand from the directory when the receipt shows one clearly (see
 * brands/find-brand.ts: header, company line, web address, footer), else the name printed at
 * the top. A registered name printed at the top that contains the brand ("99 SPEED MART S/B")
 * is kept as printed: it is what the receipt says, and the brand is in it.
 */
export function extractVendor(lines: TextLine[], opts: VendorOptions = {}): VendorResult {
  const printed = printedVendor(lines, opts.country);
  const brand = findBrand(lines, { country: opts.country });
  const fromPrinted = (kind: string, value = printed.value) =>
    vendorRead(value, kind, printed.lineConfidence, printed.lines);
  if (!brand) {
    // "Starbucks Chatham Station": a chain's name and its branch, or a shop named after more
    // than the chain? Filed under the chain's name when the chain trades here and the words
    // after it name no kind of shop (chainFiledName); where it is not known to trade (or the
    // country is not known), as printed, for review: another shop may share the word.
    if (printed.value !== null && !printed.legal && opensWithBrand(printed.value)) {
      const filed = chainFiledName(printed.value, opts.country);
      return filed === null
        ? fromPrinted('chain name and more, not known here')
        : fromPrinted('chain name and more', filed);
    }
    if (printed.kind === 'top line' || printed.kind === 'registered name') {
      const header = chainOnHeaderLine(lines, opts.country);
      if (header) return header;
    }
    const ofWebAddress = printed.kind === 'top line' && nameOfWebAddress(printed.value!, lines);
    if (ofWebAddress) return fromPrinted('top line its web address spells', ofWebAddress);
    // A mail's "Hi there," or a customer's name on top: a sentence that names the shop, in the
    // text or the mail's subject, says more; then the shop the mail came from.
    if (!printed.value || printed.kind === 'top line' || printed.kind === 'trade words only') {
      const named = namedShop(lines, opts);
      if (named) return named;
    }
    if (printed.value === null) return { value: null, confidence: 0, basis: null, lines: [] };
    return fromPrinted(printed.kind!);
  }
  if (printed.printed && printed.legal) {
    const containsBrand = brandKey(printed.printed).includes(brandKey(brand.name));
    const malaysian = MALAYSIAN_FORM.test(printed.printed);
    // "HOFER KG", "Walmart Inc.", "MAXIMA LT, UAB": the brand and a legal form only. People
    // file the brand; a Malaysian registered name ("99 SPEED MART S/B") is filed as printed.
    const company = withoutLegalForm(printed.value ?? '');
    // A letter OCR left before the legal form ("PENNY-MARKT C GmbH" of a blurred photo) is no
    // part of the name; "C & A" keeps its own.
    const onlyLegalForm =
      !malaysian &&
      [company, company.replace(/\s+\p{L}$/u, '')].some(
        (name) => brandKey(withoutShopWord(name)) === brandKey(brand.name),
      );
    if (onlyLegalForm) {
      return fromPrinted('brand and its legal form', brand.name);
    }
    if (containsBrand || brand.score < BRAND_OVER_LEGAL_NAME) {
      // A brand opening the name confirms it ("99 SPEED MART S/B"); one word inside it does
      // not ("PASTELERIA LUNA, S.L." is no branch of a chain called Luna).
      const confirms = brandKey(printed.value ?? '').startsWith(brandKey(brand.name));
      return fromPrinted(confirms ? 'registered name opening with a brand' : printed.kind!);
    }
  }
  return vendorRead(brand.name, brandKind(brand, lines), lines[brand.line]?.confidence, [
    brand.line,
  ]);
}

/**
 * A brand's evidence: whether its name is only part of the header line it was read from ("dm"
 * of "dm-drogerie markt": the shop may be named by more than the chain). In how many places it
 * was seen and a near tie with another brand are left out: on the measured receipts brands were
 * as often right either way.
 */
function brandKind(brand: BrandMatch, lines: readonly TextLine[]): string {
  const own = brandKey(brand.name);
  const lineKey = brandKey((lines[brand.line]?.text ?? '').replace(/\d+[.,]\d{2}/g, ''));
  const partOfHeader =
    brand.evidence.includes('header') &&
    lineKey.includes(own) &&
    own.length / Math.max(1, lineKey.length) < 0.6;
  if (!brand.exact) return 'brand, one letter off';
  if (afterTradeWord(own, lines[brand.line]?.text ?? '')) return 'brand after a trade word';
  return partOfHeader ? 'brand, part of its header line' : 'brand';
}

/**
 * A kind of shop printed right before the brand's name ("Bäckerei Müller e.K.", "Malerei Schmidt
 * GbR"): a chain of that trade ("Bäckerei Kamps") or a shop named after its owner, who shares
 * the chain's name (the drugstore Müller). Not "Hotel": hotels print their chain after it.
 */
function afterTradeWord(own: string, text: string): boolean {
  const words = text.split(/\s+/);
  for (let at = 1; at < words.length; at++) {
    for (let span = 1; span <= 3 && at + span <= words.length; span++) {
      if (brandKey(words.slice(at, at + span).join(' ')) !== own) continue;
      const before = foldForMatch(words[at - 1].toUpperCase()).replace(/[^A-Z]/g, '');
      return BUSINESS_WORD_ALONE.test(before) && !/^(HOTEL|INN|MOTEL)$/.test(before);
    }
  }
  return false;
}
