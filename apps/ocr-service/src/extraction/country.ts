import {
  CANADIAN_POSTCODE,
  CA_PROVINCES,
  TOWN_AND_PROVINCE,
  TOWN_AND_STATE,
  US_STATES,
  WORDLIKE_STATES,
} from './address.js';

/**
 * The country a receipt was printed in, from what it says about itself: an address (a US state and
 * ZIP code, a postcode with a city, a capital), a VAT or company number, a legal form, a phone
 * number's country prefix, the country's name, and last the script or letters of its language.
 * Evidence for the currency and for the order of day and month; null when nothing tells.
 */
export type Country =
  | 'US'
  | 'CA'
  | 'MX'
  | 'GB'
  | 'IE'
  | 'DE'
  | 'AT'
  | 'CH'
  | 'FR'
  | 'BE'
  | 'ES'
  | 'IT'
  | 'NL'
  | 'PT'
  | 'LT'
  | 'HR'
  | 'BG'
  | 'RO'
  | 'HU'
  | 'CZ'
  | 'PL'
  | 'UA'
  | 'TR'
  | 'BR'
  | 'CO'
  | 'CL'
  | 'AR'
  | 'MY'
  | 'SG'
  | 'ID'
  | 'PH'
  | 'VN'
  | 'TH'
  | 'JP'
  | 'KR'
  | 'CN'
  | 'HK'
  | 'IN'
  | 'NP'
  | 'IL'
  | 'EG'
  | 'AE'
  | 'MA'
  | 'QA'
  | 'KW'
  | 'BH'
  | 'OM'
  | 'JO'
  | 'TN'
  | 'ZA'
  | 'AU'
  | 'NZ'
  | 'SE'
  | 'NO'
  | 'DK'
  | 'FI'
  | 'PE'
  | 'TW'
  | 'SA'
  | 'PK'
  | 'LK'
  | 'BD'
  | 'KE'
  | 'IS'
  | 'UY'
  | 'EC';

/**
 * New Zealand's GST number is the IRD number, printed in groups: "GST No: 123-456-789" (8 or 9
 * digits). Canada's is 9 digits run together with "RT0001", Australia prints an ABN.
 */
const NZ_GST = String.raw`\bGST\s?(NO|NUMBER|#)?\.?:?\s?\d{2,3}-\d{3}-\d{3}\b`;
/**
 * Vietnamese receipt words, as printed without their diacritics (or folded): the bill (hoá đơn,
 * phiếu tạm tính), the cashier (thu ngân), paying (thanh toán, khách đưa, chuyển khoản), the VAT
 * (GTGT) and the big cities.
 */
const VN_WORDS = String.raw`\bHOA\s?DON\b|\bTAM TINH\b|\bTHU NGAN\b|\bTHANH TOAN\b|\bKHACH (DUA|HANG)\b|\bCHUYEN KHOAN\b|\bGTGT\b|\bDA NANG\b`;
/**
 * A Colombian address: the street's kind and number, "#" and the cross street and house
 * ("Calle 72 # 10-34", "Cra. 7 No. 24-89"); Spain's "Calle" never takes that form.
 */
const CO_ADDRESS = String.raw`\b(CALLE|CARRERA|CRA|KRA|CL|CR|AV|AVENIDA|DIAGONAL|TRANSVERSAL)\.?\s?\d{1,3}\s?[A-Z]?\s?(#|NO\.?)\s?\d{1,3}\s?[A-Z]?\s?-\s?\d{1,3}\b`;
/**
 * Turkish addresses and cities: a street, avenue or quarter before its number ("Atatürk Cad. No:
 * 45", "Gül Sok. No 3") and the largest cities. `TOPLAM` and `KDV` may be glued to a word before
 * them (OCR's "GENELTOPLAM", the till's "TOPKDV").
 */
const TR_PLACES = String.raw`\b(CAD|CADDESI|SOK|SOKAK|MAH|MAHALLESI)\.?\s?NO\b|\b(ISTANBUL|ANKARA|IZMIR|BURSA|ANTALYA|ADANA|KONYA)\b`;
/** South Africa's VAT number: ten digits starting with 4, after "VAT" (its "VAT No"). */
const ZA_VAT = String.raw`\bVAT\s?(NO|REG)?\.?\s?(NUMBER)?:?\s?4\d{9}\b`;
/**
 * Thailand's tax id: 13 digits, a company's starting with 0 ("TAX ID: 0105…"); and the
 * abbreviated tax invoice of its point-of-sale receipts, "TAX INVOICE (ABB)".
 */
const TH_TAX_ID = String.raw`\bTAX\s?ID\s?(NO\.?)?:?\s?0\d{12}\b|\bTAX\s?INVOICE\s?\(ABB`;
/**
 * US states whose code is not also a common receipt word ("IN", "OR", "ME" …): "MO TAX 8.475%",
 * a state's sales tax line.
 */
const STATE_TAX = US_STATES.split('|')
  .filter((state) => !WORDLIKE_STATES.includes(state) && state !== 'CA')
  .join('|');

/**
 * A phone number's country prefix ("+420 …", "(+84) …"). Not the "00" form: in OCR text "00"
 * followed by digits is far more often an amount's cents or a long number.
 */
const phone = (prefixes: string) => String.raw`\+ ?\(?(?:${prefixes})\)?[ .-]?\d`;

// Scripts only one country of the list writes, matched on the text as printed (before folding,
// which would take Hangul syllables apart).
const SCRIPTS: [Country, RegExp][] = [
  ['KR', /[\uac00-\ud7af]{2}/],
  ['TH', /[\u0e01-\u0e5b]{2}/],
  ['JP', /[\u3041-\u30ff]{2}|円|〒|登録番号/],
  ['IL', /[\u05d0-\u05ea]{2}/],
];

/**
 * After a city in an address: its line's end, a comma, its district, its province in brackets
 * ("20121 Milano (MI)") or a French CEDEX.
 */
const CITY_END = String.raw`(?=-|,|\s?\(|\s?CEDEX\b|[ \t]*(?:\r?\n|$))`;

// Checked in order after the scripts; the first that matches wins: tax ids,
// legal forms, addresses and phone prefixes (the more specific countries before the ones whose
// words they share: Latin America before Spain). Patterns run on upper-case, accent-folded text
// (đ folded to D); other scripts are matched as printed.
const SIGNS: [Country, RegExp][] = [
  ['MY', /\bSDN\.?\s?BHD\b|\bS\/B\b|\bMALAYSIA\b|\bJOHOR\b|\bSELANGOR\b|\bKUALA\s?LUMPUR\b/],
  // Singapore's GST registration number ("M2-1234567-8"), its six-digit postcode, which OCR
  // glues to the name now and then ("Singapore560123"), and its payments (PayNow, NETS).
  [
    'SG',
    /\bSINGAPORE(\b|\d{6}\b)|\bPTE\.?\s?LTD\b|\bUEN\b|\bGST\s?REG.{0,8}\bM[1-9]-?\d{7}-?[0-9A-Z]\b|\bPAYNOW\b|\bNETS:?\s?\$?\d/,
  ],
  ['AU', /\bAUSTRALIA\b|\bABN\b|\bPTY\.?\s?LTD\b/],
  [
    'NZ',
    new RegExp(
      String.raw`\bNEW ZEALAND\b|\bAUCK[L1]AND\b|\bWELLINGTON\b|\bCHRISTCHURCH\b|${phone('64')}|${NZ_GST}`,
    ),
  ],
  [
    'CO',
    new RegExp(
      String.raw`\bNIT\b|\bCOLOMBIA\b|\b(BOGOTA|MEDELLIN|CALI|BARRANQUILLA|CARTAGENA|BUCARAMANGA)\b|${CO_ADDRESS}|${phone('57')}`,
    ),
  ],
  // Peru's RUC: eleven digits opening with the kind of taxpayer (10 a person, 20 a company;
  // Ecuador's and Paraguay's have other lengths), and its tax office, SUNAT. Not "Lima", which
  // is also Indonesian for five and a town in Ohio.
  [
    'PE',
    new RegExp(
      String.raw`\bRUC:?\s?(10|15|17|20)\d{9}\b|\bPERU\b|\bSUNAT\b|\b(AREQUIPA|CUSCO)\b|${phone('51')}`,
    ),
  ],
  // Uruguay's RUT has twelve digits (Chile's is "76.123.456-7"); Ecuador's RUC thirteen, and its
  // money is the US dollar.
  [
    'UY',
    new RegExp(String.raw`\bURUGUAY\b|\bMONTEVIDEO\b|\bR\.?U\.?T\.?:?\s?\d{12}\b|${phone('598')}`),
  ],
  [
    'EC',
    new RegExp(String.raw`\bECUADOR\b|\b(QUITO|GUAYAQUIL)\b|\bRUC:?\s?\d{13}\b|${phone('593')}`),
  ],
  ['CL', new RegExp(String.raw`\bR\.?U\.?T\b|\bCHILE\b|\bBOLETA\b|${phone('56')}`)],
  ['AR', new RegExp(String.raw`\bCUIT\b|\bARGENTINA\b|${phone('54')}`)],
  ['MX', new RegExp(String.raw`\bR\.?F\.?C\b|\bMEXICO\b|${phone('52')}`)],
  // Brazil after the Spanish-speaking countries: their companies are `Ltda.` too. A CNPJ's
  // number is Brazil's without its word (`CWF:12.647.367/0001-80`, as OCR read one).
  [
    'BR',
    new RegExp(
      String.raw`\bCNPJ\b|\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b|\bCPF\b|\bBRASIL\b|\bLTDA\b|\bNOTA FISCAL\b|\bCUPOM FISCAL\b|\bNFC-?E\b|\bGOV\.?\s?BR\b|${phone('55')}`,
    ),
  ],
  [
    'VN',
    new RegExp(
      String.raw`\bMST:?\s?\d{10}|\bVIET\s?NAM\b|\bHA NOI\b|\bHO CHI MINH\b|\bTP\.?\s?HCM\b|\bTHANH TIEN\b|\bTONG\s?(CONG|TIEN)\b|${VN_WORDS}|${phone('84')}`,
    ),
  ],
  [
    'TR',
    new RegExp(
      String.raw`\bVKN\b|\bVERGI\b|\bTURKIYE\b|\bTURKEY\b|KDV\b|TOPLAM\b|\bV\.\s?D\.|${TR_PLACES}|${phone('90')}`,
    ),
  ],
  ['UA', new RegExp(String.raw`ГРН|ПДВ|УКРА[IІ]НА|\bUKRAINE\b|${phone('380')}`)],
  // The total and tax words of Czech (celkem, k úhradě) and Polish (razem, PTU, sprzedaż,
  // reszta), which OCR keeps where it loses their letters' accents ("Kc" for "Kč", "zl" for "zł").
  [
    'CZ',
    new RegExp(
      String.raw`\bICO:?\s?\d{8}\b|\bDIC:?\s?CZ|\bCZ\d{8,10}\b|\bCESKA\b|\bPRAHA\b|\bCELKEM\b|\bK UHRADE\b|${phone('420')}`,
    ),
  ],
  [
    'PL',
    new RegExp(
      String.raw`\bNIP:?\s?\d{3}-?\d{2,3}-?\d{2}-?\d{2,3}\b|\bPARAGON FISKALNY\b|\bPOLSKA\b|\bSP\.?\s?Z\s?O\.?\s?O\b|\bPTU\b|\bRAZEM\b|\bSPRZEDAZ\b|\bRESZTA\b|${phone('48')}`,
    ),
  ],
  [
    'LT',
    new RegExp(String.raw`\bLIETUVA\b|\bVILNIUS\b|\bKAUNAS\b|\bPVM\b|\bUAB\b|${phone('370')}`),
  ],
  ['HR', new RegExp(String.raw`\bHRVATSKA\b|\bZAGREB\b|\bOIB\b|\bD\.O\.O\b|${phone('385')}`)],
  // Bulgaria's company id (ЕИК, "EIK"), VAT (ДДС), legal form (ЕООД) and cities in Cyrillic (a
  // cashier may be called Sofia). Cyrillic letters are no word characters to `\b`: those words
  // stand where no other letter touches them.
  [
    'BG',
    new RegExp(
      String.raw`(?<![А-Я])(ЕИК|ДДС|ЕООД|БЪЛГАРИЯ|СОФИЯ|ПЛОВДИВ|ВАРНА)(?![А-Я])|\bEIK\b|\bEOOD\b|\bBULGARIA\b|${phone('359')}`,
    ),
  ],
  [
    'RO',
    new RegExp(
      String.raw`\bROMANIA\b|\bBUCURESTI\b|\bC\.?I\.?F\.?:?\s?(RO)?\s?\d{6,10}\b|\bRO\d{6,10}\b|\bCOD FISCAL\b|\bBON FISCAL\b|\bS\.?C\.?\s.*\bS\.?R\.?L\b|${phone('40')}`,
    ),
  ],
  [
    'HU',
    new RegExp(String.raw`\bMAGYARORSZAG\b|\bBUDAPEST\b|\bADOSZAM\b|\bNYUGTA\b|${phone('36')}`),
  ],
  [
    'ID',
    new RegExp(
      String.raw`\bNPWP\b|\bINDONESIA\b|\bJAKARTA\b|\bTBK\b|\bKEMBALIAN\b|\bTOTAL BELANJA\b|\bHARGA JUAL\b|${phone('62')}`,
    ),
  ],
  // "Jalan" (street) is Malay and Indonesian alike: Malaysia only when nothing Indonesian is printed.
  ['MY', /\bJALAN\b/],
  [
    'PH',
    new RegExp(
      String.raw`\bPHILIPPINES\b|\bMANILA\b|\bPASIG\b|\bMAKATI\b|\bQUEZON\b|\bVAT REG\.? TIN\b|${phone('63')}`,
    ),
  ],
  // Thailand's capital before its postcode ("Bangkok 10110"; a Thai restaurant abroad may be
  // called Bangkok) and its phone prefix.
  [
    'TH',
    new RegExp(
      String.raw`${TH_TAX_ID}|\bBANGKOK,?\s(THAILAND\s)?1\d{4}\b|\bTHAILAND\s\d{5}\b|${phone('66')}`,
    ),
  ],
  ['EG', new RegExp(String.raw`\bEGYPT\b|\bCAIRO\b|\bGIZA\b|مصر|القاهرة|${phone('20')}`)],
  ['AE', new RegExp(String.raw`\bDUBAI\b|\bABU DHABI\b|\bUNITED ARAB EMIRATES\b|${phone('971')}`)],
  // Morocco's company id (ICE, fifteen digits) and its cities.
  [
    'MA',
    new RegExp(
      String.raw`\bMAROC\b|\bMOROCCO\b|\b(CASABLANCA|RABAT|MARRAKECH|TANGER|AGADIR)\b|\bICE:?\s?\d{15}\b|${phone('212')}`,
    ),
  ],
  ['QA', new RegExp(String.raw`\bQATAR\b|\bDOHA\b|${phone('974')}`)],
  // The countries of three-decimal money (amount.ts): a Kuwaiti `1.600` is 1.60 dinars. Jordan by
  // its cities, not its name (also a brand of shoes and a surname).
  [
    'KW',
    new RegExp(
      String.raw`\bKUWAIT\b|\b(SALMIYA|HAWALLY|FARWANIYA|JAHRA|FAHAHEEL)\b|الكويت|${phone('965')}`,
    ),
  ],
  ['BH', new RegExp(String.raw`\bBAHRAIN\b|\b(MANAMA|MUHARRAQ|RIFFA)\b|البحرين|${phone('973')}`)],
  ['OM', new RegExp(String.raw`\bOMAN\b|\b(MUSCAT|SALALAH|SOHAR|NIZWA)\b|مسقط|${phone('968')}`)],
  ['JO', new RegExp(String.raw`\b(AMMAN|IRBID|ZARQA|AQABA)\b|الأردن|${phone('962')}`)],
  [
    'TN',
    new RegExp(
      String.raw`\bTUNISIE\b|\bTUNISIA\b|\b(TUNIS|SFAX|SOUSSE|NABEUL|BIZERTE|MONASTIR)\b|تونس|${phone('216')}`,
    ),
  ],
  // Saudi Arabia's VAT number: fifteen digits, the first and last a 3.
  [
    'SA',
    new RegExp(
      String.raw`\bSAUDI\b|\b(RIYADH|JEDDAH|DAMMAM|MAKKAH|MECCA|MADINAH)\b|السعودية|الرياض|جدة|\bVAT\s?(NO|NUMBER|#)?\.?:?\s?3\d{13}3\b|${phone('966')}`,
    ),
  ],
  [
    'ZA',
    new RegExp(
      String.raw`\bSOUTH AFRICA\b|\(PTY\)\s?LTD\b|\bPRETORIA\b|\bJOHANNESBURG\b|\bCAPE TOWN\b|\bGAUTENG\b|${ZA_VAT}|${phone('27')}`,
    ),
  ],
  [
    'KE',
    new RegExp(
      String.raw`\bKENYA\b|\b(NAIROBI|MOMBASA|KISUMU)\b|\bKRA PIN\b|\bM-?PESA\b|${phone('254')}`,
    ),
  ],
  // Nepal's PAN is nine digits (India's is ten letters and digits, `ABCDE1234F`); `Miti` is the
  // Nepali for the date its bills print in the Bikram Sambat calendar.
  [
    'NP',
    new RegExp(
      String.raw`\bNEPAL\b|\b(KATHMANDU|LALITPUR|POKHARA|BHAKTAPUR|BIRATNAGAR|THAMEL)\b|\bMITI\b|\bPAN\s?(NO|NUMBER)?\.?\s?:?\s?\d{9}\b|${phone('977')}`,
    ),
  ],
  // Pakistan's tax numbers (NTN, STRN), Sri Lanka's and Bangladesh's cities (Bangladesh's VAT
  // registration, the BIN): their rupees and taka.
  [
    'PK',
    new RegExp(
      String.raw`\bPAKISTAN\b|\b(KARACHI|LAHORE|ISLAMABAD|RAWALPINDI|FAISALABAD)\b|\bNTN\b|\bSTRN\b|${phone('92')}`,
    ),
  ],
  ['LK', new RegExp(String.raw`\bSRI LANKA\b|\b(COLOMBO|KANDY|GALLE)\b|${phone('94')}`)],
  [
    'BD',
    new RegExp(
      String.raw`\bBANGLADESH\b|\b(DHAKA|CHITTAGONG|CHATTOGRAM)\b|\bBIN\s?(NO)?\.?:?\s?\d{9,13}\b|${phone('880')}`,
    ),
  ],
  // India's GST (its number, its central, state and integrated parts), its payments and cities.
  [
    'IN',
    new RegExp(
      String.raw`\bINDIA\b|\bGSTIN\b|\b[CSI]GST\b|\bPAYTM\b|\b(MUMBAI|NEW DELHI|DELHI|BENGALURU|BANGALORE|CHENNAI|KOLKATA|HYDERABAD|PUNE|AHMEDABAD|JAIPUR|LUCKNOW|NOIDA|GURUGRAM|GURGAON)\b|${phone('91')}`,
    ),
  ],
  // Japan where OCR read no kana: a block of a town (丁目), the consumption tax and tax-included
  // prices (消費税, 税込), a receipt (領収), Tokyo and Osaka, a date's weekday in brackets
  // (`10月1日(火)`), as PaddleOCR prints them in simplified or traditional characters.
  ['JP', /丁目|消[费費]税|税込|[领領]收|[东東]京都|大阪府|\d日\s?\((月|火|水|木|金|土|日)\)/],
  // Taiwan's unified business number (統一編號), its e-invoice (電子發票) and cities, printed in
  // traditional characters: its `元` is the New Taiwan dollar.
  [
    'TW',
    new RegExp(
      String.raw`\bTAIWAN\b|統一編號|統編|電子發票|[臺台](北|中|南|灣)|高雄|新北|桃園|${phone('886')}`,
    ),
  ],
  ['HK', new RegExp(String.raw`\bHONG KONG\b|${phone('852')}`)],
  // Mainland China: its invoice (发票), VAT (增值税), payments (支付宝, 微信支付), cashier and change
  // (收银, 找零), amounts due and received (应付, 实收), a province before its city. Not its cities'
  // names, which Chinese restaurants abroad carry (上海小馆, 重庆小面), nor simplified characters
  // as such: PaddleOCR reads Japanese kanji as their simplified forms (消費税 as 消费税).
  [
    'CN',
    new RegExp(
      String.raw`\bCHINA\b|人民币|发票|增值税|支付宝|微信支付|收银|找零|[应实][付收]|省.{1,6}市|${phone('86')}`,
    ),
  ],
  // Switzerland's company number (CHE-…), its names, and a four-digit postcode before one of its
  // cities ("8001 Zürich"; "Zurich" alone is also an insurer's name).
  [
    'CH',
    /\bCHE[-\s]?\d{3}\.\d{3}\.\d{3}\b|\bSCHWEIZ\b|\bSUISSE\b|\bSVIZZERA\b|\b\d{4}\s(ZURICH|BERN|BASEL|GENEVE|LAUSANNE|LUZERN|WINTERTHUR|ST\.?\s?GALLEN|LUGANO|BIEL)\b/,
  ],
  // Québec before France, whose "rue" it shares: its sales taxes (TPS, TVQ), its cities and a
  // Canadian postcode.
  [
    'CA',
    new RegExp(
      String.raw`\bTVQ\b|\bTPS\s?(\/|ET)?\s?TV[QH]\b|\bQUEBEC\b|\bMONTREAL\b|\bLAVAL\b|\bGATINEAU\b|${CANADIAN_POSTCODE.source}`,
    ),
  ],
  // The Nordic countries, whose money is each its own `kr`: Denmark's CVR number, total (`I alt`)
  // and card (Dankort); Norway's VAT (MVA), organisation number and BankAxept; Sweden's
  // organisation number (NNNNNN-NNNN), VAT number and VAT lines (`Moms 12%`, `Varav moms`; not
  // a bare "MOMS", a word of US shop names), after Denmark, which says moms too;
  // Finland's business id (Y-tunnus) and VAT (ALV). Their cities as folding leaves them (Ø is a
  // letter of its own).
  [
    'DK',
    new RegExp(
      String.raw`\bDANMARK\b|\bDENMARK\b|\bCVR\b|\bDANKORT\b|\bI ALT\b|\bHERAF MOMS\b|\b(KØBENHAVN|KOBENHAVN|AARHUS|ODENSE|AALBORG|FREDERIKSBERG)\b|${phone('45')}`,
    ),
  ],
  [
    'NO',
    new RegExp(
      String.raw`\bNORGE\b|\bNORWAY\b|\bMVA\b|\bBANKAXEPT\b|\bFORETAKSREGISTERET\b|\bORG\.?\s?NR\.?:?\s?(NO\s?)?\d{3}\s?\d{3}\s?\d{3}(?![\d-])|\b(OSLO|TRONDHEIM|STAVANGER)\b|${phone('47')}`,
    ),
  ],
  [
    'SE',
    new RegExp(
      String.raw`\bSVERIGE\b|\bSWEDEN\b|\bORG\.?\s?NR\.?:?\s?\d{6}-\d{4}\b|\bSE\s?\d{10}01\b|\bMOMS\s?(\d{1,2}(,\d{1,2})?\s?)?%|\bVARAV MOMS\b|\bMOMSREG|\bKVITTO\b|\b(STOCKHOLM|GOTEBORG|MALMO|UPPSALA|VASTERAS|OREBRO|LINKOPING)\b|${phone('46')}`,
    ),
  ],
  // Iceland's identity number (kennitala) and capital; its crown has no minor units.
  [
    'IS',
    new RegExp(
      String.raw`\bICELAND\b|\bREYKJAVIK\b|\bKENNITALA\b|\bKT\.?:?\s?\d{6}-\d{4}\b|${phone('354')}`,
    ),
  ],
  [
    'FI',
    new RegExp(
      String.raw`\bSUOMI\b|\bFINLAND\b|\bY-TUNNUS\b|\bALV\b|\bYHTEENSA\b|\b(HELSINKI|ESPOO|TAMPERE|VANTAA|TURKU|OULU)\b|${phone('358')}`,
    ),
  ],
  ['AT', /\bATU\s?\d{8}\b|\bOSTERREICH\b|\bAUSTRIA\b/],
  [
    'DE',
    /\bDE\s?\d{9}\b|\bDEUTSCHLAND\b|\bGERMANY\b|\bUST[-.\s]?ID|\bSTEUER[-\s]?NR|\bGMBH\b|\bSTR(ASSE|\.)\s?\d|\bSTRASSE\b|\bHRB\s?\d/,
  ],
  [
    'FR',
    /\bFR\s?[0-9A-Z]{2}\s?\d{9}\b|\bSIRE[TN]\b|\bFRANCE\b|\bS\.?A\.?R\.?L\b|\bTVA\s?INTRA|\bRUE\b/,
  ],
  ['BE', /\bBE\s?0\d{9}\b|\bBELGI(QUE|E|UM)\b/],
  ['NL', /\bNL\s?\d{9}\s?B\s?\d{2}\b|\bNEDERLAND\b|\bB\.V\.|\bKVK\b|\bSTRAAT\b/],
  ['IT', /\bIT\s?\d{11}\b|\bP\.?\s?IVA\b|\bPARTITA IVA\b|\bITALIA\b|\bS\.R\.L\.?|\bS\.P\.A\.?/],
  ['PT', /\bPT\s?\d{9}\b|\bNIF:?\s?\d{9}\b|\bPORTUGAL\b|\bLDA\b|\bCONTRIBUINTE\b/],
  [
    'ES',
    /\bES\s?[A-Z]\d{7}[A-Z0-9]\b|\b(N|C)\.?I\.?F\.?:?\s?[A-Z]-?\d{7}[A-Z0-9]\b|\bESPANA\b|\bSPAIN\b|\bS\.L\.(U\.?)?(?!\w)|\bCALLE\b|\bAVDA\b/,
  ],
  ['IE', /\bIRELAND\b|\bEIRE\b|\bIE\s?\d{7}[A-Z]{1,2}\b/],
  ['GB', /\bGB\s?\d{3}\s?\d{4}\s?\d{2}\b|\bUNITED KINGDOM\b|\bUK\b|\bENGLAND\b|\bLONDON\b/],
  [
    'CA',
    new RegExp(
      String.raw`\bCANADA\b|\bHST\b|\b(EDMONTON|CALGARY|TORONTO|VANCOUVER|MONTREAL|OTTAWA|WINNIPEG)\b|\bGST\/HST\b|\bRT\s?000\d\b|\b(${CA_PROVINCES})\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b`,
    ),
  ],
  [
    'US',
    new RegExp(
      String.raw`\b(${US_STATES}) +\d{5}(-\d{4})?\b|\bUSA\b|\bUNITED STATES\b|\b(${STATE_TAX})\s(SALES\s)?TAX\b|\b(LAS VEGAS|NEW YORK|LOS ANGELES|SAN FRANCISCO|CHICAGO|HOUSTON|SEATTLE)\b`,
    ),
  ],
  // A postcode before one of the country's large cities, the city ending its line or followed by
  // its district: "10115 Berlin", "75004 Paris Cedex", "1010 Wien", "1100-148 Lisboa" (the US
  // prints its ZIP after the state; "12001 Paris Pike" is a Kentucky street).
  [
    'DE',
    new RegExp(
      String.raw`\b\d{5}\s(BERLIN|HAMBURG|MUNCHEN|KOLN|FRANKFURT|STUTTGART|DUSSELDORF|DORTMUND|ESSEN|LEIPZIG|BREMEN|DRESDEN|HANNOVER|NURNBERG|DUISBURG|BOCHUM|BONN|MUNSTER|POTSDAM|MAINZ)${CITY_END}`,
    ),
  ],
  [
    'FR',
    new RegExp(
      String.raw`\b\d{5}\s(PARIS|MARSEILLE|LYON|TOULOUSE|NICE|NANTES|STRASBOURG|MONTPELLIER|BORDEAUX|LILLE|RENNES|REIMS)${CITY_END}`,
    ),
  ],
  [
    'ES',
    new RegExp(
      String.raw`\b\d{5}\s(MADRID|BARCELONA|VALENCIA|SEVILLA|ZARAGOZA|MALAGA|MURCIA|PALMA|BILBAO|ALICANTE)${CITY_END}`,
    ),
  ],
  [
    'IT',
    new RegExp(
      String.raw`\b\d{5}\s(ROMA|MILANO|NAPOLI|TORINO|PALERMO|GENOVA|BOLOGNA|FIRENZE|BARI|CATANIA|VENEZIA|VERONA)${CITY_END}`,
    ),
  ],
  [
    'AT',
    new RegExp(String.raw`\b\d{4}\s(WIEN|GRAZ|LINZ|SALZBURG|INNSBRUCK|KLAGENFURT)${CITY_END}`),
  ],
  [
    'NL',
    new RegExp(
      String.raw`\b\d{4}\s?[A-Z]{2}\s(AMSTERDAM|ROTTERDAM|DEN HAAG|UTRECHT|EINDHOVEN|GRONINGEN)${CITY_END}`,
    ),
  ],
  [
    'BE',
    new RegExp(
      String.raw`\b\d{4}\s(BRUXELLES|BRUSSEL|ANTWERPEN|GENT|CHARLEROI|LIEGE|BRUGGE|NAMUR|LEUVEN)${CITY_END}`,
    ),
  ],
  [
    'PT',
    new RegExp(
      String.raw`\b\d{4}-\d{3}\s(LISBOA|PORTO|BRAGA|COIMBRA|FARO|AVEIRO|SETUBAL|FUNCHAL)${CITY_END}`,
    ),
  ],
];

// Letters only one language of the list writes, counted on the text as printed (lower case):
// the last evidence, when no address, number or phone names the country.
const LETTERS: [Country, RegExp, number][] = [
  // Latin Extended Additional (ạ, ả, ế, ộ, ữ …), ơ and ư: Vietnamese.
  ['VN', /[\u1ea0-\u1ef9\u01a1\u01b0]/g, 3],
  ['UA', /[іїєґ]/g, 2],
  ['TR', /[ğı]/g, 2],
  ['CZ', /[řěů]/g, 2],
  ['PL', /[łąęśźżń]/g, 3],
  ['HU', /[őű]/g, 2],
  ['LT', /[ėįųū]/g, 2],
  ['RO', /[țţș]/g, 2],
];

/** Upper case without accents (đ as D), as the SIGNS patterns read it. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase();
}

/**
 * Signs OCR also makes of garbage now and then ("IT9N 7TX" of Hebrew read as Latin letters):
 * they count after the letters of a language and the products' barcodes.
 */
const WEAK_SIGNS: [Country, RegExp][] = [
  // A town and its state on a line of their own, the ZIP lost or never printed: "Detroit,MI".
  ['US', TOWN_AND_STATE],
  ['CA', TOWN_AND_PROVINCE],
  ['GB', /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/],
  // A date in the Buddhist era (2568 is 2025), as Thailand prints them: "05/03/2568".
  ['TH', /(?<![\d.,])\d{1,2}\s?[-/.]\s?\d{1,2}\s?[-/.]\s?25[5-7]\d(?=\d{1,2}\s?:\s?\d{2}|(?!\d))/],
  // A date in the Bikram Sambat calendar (2081 is 2024), year first as Nepal's bills print it.
  ['NP', /(?<![\d.,])20(?:7[5-9]|8\d)\s?([-/.])\s?\d{1,2}\s?\1\s?\d{1,2}(?![\d.,])/],
];

// Canada's area codes in the North American numbering plan (CRTC): a "780-430-2769" is Alberta.
const CANADIAN_AREA_CODES = new Set(
  (
    '204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 ' +
    '438 450 460 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 ' +
    '753 778 780 782 807 819 825 867 873 879 902 905'
  ).split(' '),
);
/**
 * A North American phone number as printed: "(780) 430-2769", "972-549-4090". The area code
 * stands apart (brackets or a separator): "559571-6677" is a Swedish organisation number.
 */
const NANP_PHONE = /(?<![\d-])\(?([2-9]\d{2})(?:\)\s?|[ .-])[2-9]\d{2}-\d{4}(?![\d-])/g;

/**
 * The United States from a North American phone number whose area code is not Canada's. A
 * Canadian area code alone says nothing: numbers move with their owners and shops print a
 * head office's line, so Canada needs its own signs (an address, GST/HST, a postcode).
 */
function nanpCountry(upper: string): Country | null {
  const codes = [...upper.matchAll(NANP_PHONE)].map((m) => m[1]);
  if (codes.length === 0 || codes.some((code) => CANADIAN_AREA_CODES.has(code))) return null;
  return 'US';
}

// GS1 prefixes of EAN-13 barcodes by the country whose GS1 office issued them (gs1.org), for
// the countries above; 000–139 (the US and Canada together) and 200–299 (in-store) tell nothing.
const GS1_PREFIXES: [number, number, Country][] = [
  [300, 379, 'FR'],
  [380, 380, 'BG'],
  [385, 385, 'HR'],
  [400, 440, 'DE'],
  [450, 459, 'JP'],
  [471, 471, 'TW'],
  [477, 477, 'LT'],
  [479, 479, 'LK'],
  [480, 480, 'PH'],
  [482, 482, 'UA'],
  [489, 489, 'HK'],
  [490, 499, 'JP'],
  [500, 509, 'GB'],
  [539, 539, 'IE'],
  [540, 549, 'BE'],
  [560, 560, 'PT'],
  [569, 569, 'IS'],
  [570, 579, 'DK'],
  [590, 590, 'PL'],
  [594, 594, 'RO'],
  [599, 599, 'HU'],
  [600, 601, 'ZA'],
  [616, 616, 'KE'],
  [622, 622, 'EG'],
  [611, 611, 'MA'],
  [628, 628, 'SA'],
  [629, 629, 'AE'],
  [608, 608, 'BH'],
  [619, 619, 'TN'],
  [625, 625, 'JO'],
  [627, 627, 'KW'],
  [640, 649, 'FI'],
  [690, 699, 'CN'],
  [700, 709, 'NO'],
  [729, 729, 'IL'],
  [730, 739, 'SE'],
  [750, 750, 'MX'],
  [754, 755, 'CA'],
  [760, 769, 'CH'],
  [770, 771, 'CO'],
  [773, 773, 'UY'],
  [775, 775, 'PE'],
  [786, 786, 'EC'],
  [778, 779, 'AR'],
  [780, 780, 'CL'],
  [789, 790, 'BR'],
  [800, 839, 'IT'],
  [840, 849, 'ES'],
  [859, 859, 'CZ'],
  [868, 869, 'TR'],
  [870, 879, 'NL'],
  [880, 880, 'KR'],
  [885, 885, 'TH'],
  [888, 888, 'SG'],
  [890, 890, 'IN'],
  [893, 893, 'VN'],
  [896, 896, 'PK'],
  [899, 899, 'ID'],
  [900, 919, 'AT'],
  [930, 939, 'AU'],
  [940, 949, 'NZ'],
  [955, 955, 'MY'],
];

/** An EAN-13 whose check digit holds (a random 13-digit number passes one time in ten). */
function validEan13(code: string): boolean {
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

/**
 * The country most of a supermarket receipt's product barcodes come from: a shop sells mostly
 * its own country's brands. Three valid codes at least, and more than half of them agreeing.
 */
function barcodeCountry(text: string): Country | null {
  const countries = (text.match(/(?<!\d)\d{13}(?!\d)/g) ?? [])
    .filter(validEan13)
    .map((code) => {
      const prefix = Number(code.slice(0, 3));
      return GS1_PREFIXES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
    })
    .filter((country): country is Country => country !== null);
  if (countries.length < 3) return null;
  const counts = new Map<Country, number>();
  for (const country of countries) counts.set(country, (counts.get(country) ?? 0) + 1);
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return n * 2 > countries.length ? best : null;
}

/**
 * Addresses no other country prints, on one line, checked before everything else: a US state and ZIP after
 * the city ("Boston, MA 02108"), a Canadian province and postcode, an Australian state and
 * postcode ("Sydney NSW 2000"). A Korean restaurant in Los Angeles prints Hangul and a deli in
 * Boston sells a "Turkey Sub": the address says where the money is.
 */
const SHOP_ADDRESS: [Country, RegExp][] = [
  ['US', new RegExp(String.raw`[A-Z][A-Z.' -]*,? +(${US_STATES}) +\d{5}(-\d{4})?\b`)],
  ['CA', new RegExp(String.raw`\b(${CA_PROVINCES}) +${CANADIAN_POSTCODE.source}`)],
  ['AU', /\b[A-Z][A-Z' -]+ (NSW|VIC|QLD|WA|SA|TAS|ACT|NT) +[0-9]\d{3}\b/],
];

/**
 * Places whose names are also dishes, drinks and products ("Turkey Sub", "Canada Dry", "India
 * Pale Ale", "Green Chile Burger", "Singapore Noodles", "London Broil"): on a line that prints an
 * amount, an item, they name no country.
 */
const PLACES_ON_ITEMS =
  /\b(TURKEY|CANADA|INDIA|CHILE|ITALIA|CHINA|PERU|MEXICO|VIETNAM|SINGAPORE|MALAYSIA|PHILIPPINES|EGYPT|DUBAI|KENYA|SRI LANKA|COLOMBIA|ECUADOR|TAIWAN|BRASIL|URUGUAY|TORONTO|AUCKLAND|CAPE TOWN|LONDON|MONTREAL|QUEBEC|CAIRO|COLOMBO|BOGOTA|STOCKHOLM|OSLO|HELSINKI|ISTANBUL|TOKYO|SEOUL|NEW YORK|CHICAGO|SEATTLE|HOUSTON|LAS VEGAS|LOS ANGELES|SAN FRANCISCO|DELHI|HYDERABAD|MUMBAI|MANILA|JAKARTA|HONG KONG)\b/g;
const AMOUNT_ON_LINE = /\d[.,]\d{2}(?!\d)/;

/** The folded text with place names taken out of its item lines (see PLACES_ON_ITEMS). */
function withoutItemPlaces(upper: string): string {
  return upper
    .split('\n')
    .map((line) => (AMOUNT_ON_LINE.test(line) ? line.replace(PLACES_ON_ITEMS, ' ') : line))
    .join('\n');
}

// Characters of receipts whose simplified and traditional forms differ (总/總 计/計 现/現 …):
// mainland China prints the simplified ones, Taiwan, Hong Kong and Macau the traditional.
const SIMPLIFIED =
  /[总计现发号额价应实银钱买卖单据费开税营统机门东区电话楼时间数员会积点优谢欢临]/g;
const TRADITIONAL =
  /[總計現發號額價應實銀錢買賣單據費開稅營統機門東區電話樓時間數員會積點優謝歡臨]/g;

/**
 * A receipt in traditional Chinese characters, more of them than simplified ones: not mainland
 * China's, whatever words the two share (找零, 收银), and its `元` no yuan.
 */
export function writesTraditionalChinese(text: string): boolean {
  const traditional = (text.match(TRADITIONAL) ?? []).length;
  return traditional >= 2 && traditional > (text.match(SIMPLIFIED) ?? []).length;
}

/** The country the receipt's own text names or implies, or null. */
export function printedCountry(text: string): Country | null {
  const folded = fold(text);
  for (const [country, pattern] of SHOP_ADDRESS) if (pattern.test(folded)) return country;
  for (const [country, pattern] of SCRIPTS) if (pattern.test(text)) return country;
  const upper = withoutItemPlaces(folded);
  const traditional = writesTraditionalChinese(text);
  for (const [country, pattern] of SIGNS) {
    if (pattern.test(upper) && !(country === 'CN' && traditional)) return country;
  }
  const lower = text.toLowerCase();
  for (const [country, letters, least] of LETTERS) {
    if ((lower.match(letters) ?? []).length >= least) return country;
  }
  const barcodes = barcodeCountry(text);
  if (barcodes) return barcodes;
  for (const [country, pattern] of WEAK_SIGNS) if (pattern.test(upper)) return country;
  return nanpCountry(upper);
}

export const EURO_COUNTRIES: ReadonlySet<Country> = new Set([
  'DE',
  'AT',
  'FR',
  'BE',
  'ES',
  'IT',
  'NL',
  'PT',
  'IE',
  'LT',
  'HR',
  'FI',
  'BG',
]);

export const CURRENCY_OF: Readonly<Record<Country, string>> = {
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  GB: 'GBP',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  CH: 'CHF',
  FR: 'EUR',
  BE: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  PT: 'EUR',
  LT: 'EUR',
  HR: 'EUR',
  BG: 'EUR',
  RO: 'RON',
  HU: 'HUF',
  CZ: 'CZK',
  PL: 'PLN',
  UA: 'UAH',
  TR: 'TRY',
  BR: 'BRL',
  CO: 'COP',
  CL: 'CLP',
  AR: 'ARS',
  MY: 'MYR',
  SG: 'SGD',
  ID: 'IDR',
  PH: 'PHP',
  VN: 'VND',
  TH: 'THB',
  JP: 'JPY',
  KR: 'KRW',
  CN: 'CNY',
  HK: 'HKD',
  IN: 'INR',
  NP: 'NPR',
  IL: 'ILS',
  EG: 'EGP',
  AE: 'AED',
  MA: 'MAD',
  QA: 'QAR',
  KW: 'KWD',
  BH: 'BHD',
  OM: 'OMR',
  JO: 'JOD',
  TN: 'TND',
  ZA: 'ZAR',
  AU: 'AUD',
  NZ: 'NZD',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  FI: 'EUR',
  PE: 'PEN',
  TW: 'TWD',
  SA: 'SAR',
  PK: 'PKR',
  LK: 'LKR',
  BD: 'BDT',
  KE: 'KES',
  IS: 'ISK',
  UY: 'UYU',
  EC: 'USD',
};

/**
 * The national currency of a country: a receipt's, or the region of an account's locale (any
 * string); undefined for a country this file does not know.
 */
export function currencyOf(country: string | null | undefined): string | undefined {
  return country && Object.hasOwn(CURRENCY_OF, country)
    ? CURRENCY_OF[country as Country]
    : undefined;
}
