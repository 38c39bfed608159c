/** A Canadian postcode: letter, digit, letter; digit, letter, digit ("H3B 1A7"). */
export const CANADIAN_POSTCODE =
  /\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s\d[ABCEGHJ-NPRSTV-Z]\d\b/;

/** Canada's provinces as addresses abbreviate them. */
export const CA_PROVINCES = 'ON|QC|BC|AB|MB|SK|NS|NB|NL|PE';

export const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

/** US states whose code is also a common word ("Paid, IN"): alone after a comma they say nothing. */
export const WORDLIKE_STATES = ['IN', 'OR', 'ME', 'OK', 'HI', 'DE', 'AL', 'LA'];

/** A town and its region's code, the whole line, nothing after them: "Detroit,MI", "Edmonton, AB". */
const townAnd = (codes: string) => new RegExp(String.raw`^[A-Z][A-Z.' -]{2,24}, ?(${codes})$`, 'm');
export const TOWN_AND_STATE = townAnd(
  US_STATES.split('|')
    .filter((state) => !WORDLIKE_STATES.includes(state))
    .join('|'),
);
export const TOWN_AND_PROVINCE = townAnd(CA_PROVINCES);

/** Whether an upper-cased line is a town and its state or province alone. */
export function isTownAndRegion(upper: string): boolean {
  const line = upper.trim();
  return TOWN_AND_STATE.test(line) || TOWN_AND_PROVINCE.test(line);
}

/** Address parts. A line with a legal suffix may still contain one: "BOOK TA.K (TAMAN DAYA) SDN BHD". */
const ADDRESS: RegExp[] = [
  /\b(JALAN|JLN|LORONG|LRG|PERSIARAN|LEBUH|LEBUHRAYA|KAMPUNG|KG\.|BANDAR|TAMAN|TMN|LOT|BLOK|BLOCK|BLK|NO\.|NO\s\d|STREET|ST\.|ROAD|RD\.?|AVENUE|AVE\.?|BOULEVARD|BLVD|LANE|DRIVE|SUITE|STE\.?|FLOOR|LEVEL|UNIT|PO\s?BOX|HIGHWAY|INDUSTRIAL|PERINDUSTRIAN|SEKSYEN|SECTION|PLAZA|MALL|COMPLEX|KOMPLEKS|WISMA|MENARA|TOWER)\b/,
  // A house number, a name and an English street type, abbreviated or not: "12 High St",
  // "10 Market Sq" (whose "Market" had made it a shop's name), "5 Church Rd", "221B Baker St".
  /\b\d{1,5}[A-Z]?\s+(?:[A-Z][A-Z'.-]*\s+){1,3}(ST|RD|AVE|LN|DR|CT|PL|SQ|SQUARE|CLOSE|WAY|CRES|CRESCENT|TERRACE|TCE|PARADE|PDE|HWY|PKWY|PARKWAY|GROVE|GARDENS|ROW|WALK|HILL)\b\.?/,
  // A shop's or stall's number in a building or market: "Shop No. 8, Anna Salai", "Stall #12"
  /\b(SHOP|STALL|KIOSK)\s?(NO\.?|#)?\s?\d/,
  // "Straße", also as OCR reads its ß ("StraBe", "Stra8e", "StraB e"), and "Str." ("Bahnhofstr. 87")
  // Spanish and Portuguese "Av." (avenida), Colombia's "Carrera 8 # 37-9", "Cra. 7".
  /(STRA(SS|ß|B|8)\s?E|STR\.|[A-Z]STR\s+\d|\b(WEG|PLATZ|ALLEE|GASSE|DAMM|RUE|AVENUE|BD|VIA|VIALE|PIAZZA|CORSO|CALLE|C\/|AVDA|PASEO|RUA|AVENIDA|CARRERA|STRAAT|LAAN|PLEIN|GRACHT)\b|\bAV\.\s?\p{Lu}|\bCRA\.?\s\d)/u,
  // Nordic streets before their number, alone or ending a word: "Storgatan 1", "Nørrebrogade
  // 20", "Strandvejen 12", "Kungsvägen 3"; Norway's "gate" after a name in the genitive
  // ("Thorvald Meyers gate 40"), not an airport's "Burger King Gate 12"
  /(GATAN|GATA|GADE|VEJEN|VEJ|VEIEN|VEI|VÄGEN|VÄG|VEGEN|TORGET|TORG|TORV|PLADS|[A-Z]S\sGATE)\s\d{1,4}[A-Z]?\b/,
  /\b\d{4}(-\d{3})?\s+\p{Lu}[\p{Lu}-]{2,}/u, // postcode and town: "1010 WIEN", "1000-001 LISBOA"
  /\b\d{3}\s\d{2}\s+\p{Lu}{3,}/u, // Sweden's postcode and town: "117 28 STOCKHOLM"
  /\b(SELANGOR|JOHOR|KUALA\s?LUMPUR|WILAYAH|PERSEKUTUAN|PULAU\s?PINANG|PENANG|PERAK|KEDAH|MELAKA|MALACCA|PAHANG|SABAH|SARAWAK|NEGERI\s?SEMBILAN|TERENGGANU|KELANTAN|PERLIS|PUTRAJAYA|LABUAN|MALAYSIA|SINGAPORE)\b/,
  /\b\d{5}\b/, // postcodes (MY, US, DE, FR)
  /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/, // UK postcodes
  CANADIAN_POSTCODE,
  /\b[A-Z]{2}\s\d{5}(-\d{4})?\b/, // US state + ZIP
  TOWN_AND_STATE,
  TOWN_AND_PROVINCE,
];

/** Whether an upper-cased line reads as part of an address (street, postcode, region). */
export function looksLikeAddress(upper: string): boolean {
  return ADDRESS.some((pattern) => pattern.test(upper));
}
