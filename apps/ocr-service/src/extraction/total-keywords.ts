import { letterKey } from './text-lines.js';

export type LabelKind =
  'total' | 'payment' | 'subtotal' | 'tax' | 'change' | 'rounding' | 'deposit' | 'tip' | 'other';

export interface Label {
  kind: LabelKind;
  weight: number;
}

/**
 * One rule: `key` is tested against the letters only (uppercase, accents folded, no spaces), so
 * "GRANDTOTAL" from Paddle and "Grand Total:" from tesseract look the same; `word` against the
 * words with single spaces around them, for short codes that hide inside other words ("IVA" in
 * "OLIVA", "BAR" in "BARILLA", "HT" in "NACHT"); `native` against the letters of the other scripts
 * (Japanese, Chinese, Korean, Thai, Hebrew, Arabic, Cyrillic, Greek), folded the same way.
 */
interface Rule {
  key?: RegExp;
  word?: RegExp;
  native?: RegExp;
  label: Label;
}

const rule = (label: Label, key?: RegExp, word?: RegExp, native?: readonly string[]): Rule => ({
  key,
  word,
  native: native && native.length > 0 ? nativePattern(native) : undefined,
  label,
});

/**
 * Letters of any script but Latin, upper case (Cyrillic, Greek), without combining marks (Thai
 * vowel signs, Arabic hamza, kana voicing marks, so OCR's slips on them do not matter).
 */
function nativeKey(text: string): string {
  // Most labels are Latin: skip the Unicode work for them.
  if (!/[\u0370-\uffff]/.test(text)) return '';
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[\p{Script=Latin}\P{L}]/gu, '');
}

function nativePattern(words: readonly string[]): RegExp {
  return new RegExp(words.map((w) => nativeKey(w)).join('|'), 'u');
}

/** Cash handed over in the other scripts: ja, zh, ko, ru/uk, he, ar, th, el. */
const CASH_NATIVE = [
  '現金',
  '现金',
  'お預',
  '預り',
  '预り',
  '현금',
  '받은금액',
  '받은돈',
  'НАЛИЧН',
  'ГОТІВК',
  'מזומן',
  'نقد',
  'เงินสด',
  'ΜΕΤΡΗΤΑ',
];

// Order matters: the first match wins. What is NOT the amount paid comes before the totals whose
// words it contains ("MWST-BETRAG", "TOTAL TVA", "NETTO", "EC-CASH", "税合計").
const RULES: Rule[] = [
  // Change given back: en, ms, de, fr, es, it, nl, pt, lt, pl, cs, tr, hu, vi, sv/no, ro; ja, ko,
  // zh, ru/uk, he, ar, th, el.
  rule(
    { kind: 'change', weight: 0 },
    /CHANGE|BAKI|KEMBALI|TUKAR|CKGELD|RUCKGELD|WECHSELGELD|ZURUCK|ZURCK|RENDU|ARENDRE|CAMBIO|VUELTA|DEVOLVER|WISSELGELD|TERUGGAVE|TROCO|GRAZA|RESZTA|VRACENO|PARAUSTU|VISSZAJAR|TIENTHUA|TIENTRALAI|VAXEL|VEKSEL/,
    / (TERUG|RETOUR|RESTO|REST|POVRAT) /,
    [
      'お釣',
      'おつり',
      '釣銭',
      '釣り',
      '钓',
      '거스름',
      '잔돈',
      '找零',
      '找赎',
      '找續',
      'СДАЧА',
      'РЕШТА',
      'עודף',
      'الباقي',
      'เงินทอน',
      'ΡΕΣΤΑ',
    ],
  ),
  // A suggested tip and the total with it ("PROP.SUGERIDA 10%", "Total c/Propina"): the guest
  // may pay it or not; the bill is the total before it.
  rule(
    { kind: 'tip', weight: 0 },
    /PROPINA|SUGERID|SUGGESTED|SUGGESTION|WITHTIP|CONSERVICIO|GRATUITYGUIDE/,
  ),
  rule({ kind: 'total', weight: 10 }, /ROUND(ED|ING)?TOTAL|TOTA?L?[A-Z]*ROU|GERUNDET/),
  // "ROUND" alone is a word of item names too ("Round Beans"): only the rounding words.
  rule(
    { kind: 'rounding', weight: 0 },
    /ROUND(ING|ED|OFF|ADJ|UP|DOWN|$)|ADJUSTMENT|ADJ$|RUNDUNG|AFRONDING|ARRONDI|ARROTONDAMENTO|REDONDEO|ARREDONDAMENTO|ZAOKR|AFRUNDING|AVRUNDING|PYORISTYS|KEREKITES/,
    undefined,
    ['端数', '단수', '절사', 'ОКРУГЛ'],
  ),
  // Net (before tax) and subtotals.
  rule(
    { kind: 'subtotal', weight: 2 },
    /^NETTTL$|SUBTOTAL|SUBTTL|SUBTOTL|TOTALEX|EXCL|TOTALBEFORE|BEFORE(TAX|GST)|NETTOFTAX|ZWISCHENSUMME|SOUSTOTAL|SUBTOTAAL|TUSSENTOTAAL|NETTOBETRAG|NETTOSUMME|SUMMENETTO|GESAMTNETTO|NETTOWERT|HORSTAXE|BASEIMPONIBLE|IMPONIBLE|IMPONIBILE|SEMIVA|SANSTVA|OHNEMWST|MEZISOUCET|SUMACZESCIOWA|MEDJUZBROJ|MEDUZBROJ|ARATOPLAM|RESZOSSZEG|DELSUMMA|VALISUMMA/,
    / (HT|EXCL|EX|ZWS|NETO|NETTO|BE PVM|BEZ DPH|BEZ PDV) /,
    ['小計', '小计', '소계', 'ΥΠΟΣΥΝΟΛΟ', 'ПРОМЕЖУТ'],
  ),
  // Deposits and empties: items of the receipt, never its total.
  rule(
    { kind: 'deposit', weight: 0 },
    /PFAND|LEERGUT|DEPOSIT|CONSIGNE|STATIEGELD|EMBALAJE|ENVASE|VUOTO|VASILHAME|ZALOHA|KAUCJA|DEPOZIT|PANTTI|POVRATNANAKNADA/,
    / PANT /,
  ),
  // Discounts, points, counts, a tax table's taxable base ("10%対象", "과세물품", Malaysian GST's
  // "Total 0% supplies"), and who served ("CASHIER" is no cash).
  rule(
    { kind: 'other', weight: 0 },
    /TOTAL[A-Z]*SUPPLIES|CASHIER|KASSIER|CAISSIER|CAJERO|KASIR|TOTAL(QTY|QUANTITY|ITEM|UNIT|PCS|NO|SAV|DISC|POINT|PT|WEIGHT)|NOOFITEM|DISCOUNT|SAVING|POINTS?$|QTY$|RABATT|NACHLASS|GUTSCHEIN|COUPON|BON(US)?PUNKTE|ERSPARNIS|GESPART|REMISE|REDUCTION|FIDELITE|DESCUENTO|AHORRO|SCONTO|RISPARMIO|KORTING|VOORDEEL|DESCONTO|POUPANCA|PROMO|ANZAHL|ARTIKEL|STUCK|ARTICLES|ARTICULOS|ARTICOLI|PEZZI|PREISVORTEIL|VORTEIL|SIESPAREN|AKTIONSRABATT|RABAT|SLEVA|POPUST|INDIRIM|KEDVEZMENY|NUOLAIDA|REDUCERE|GIAMGIA|CHIETKHAU|POTONGAN|DISKON/,
    / (BONUS|AH BONUS) /,
    [
      '割引',
      '値引',
      '值引',
      '할인',
      '에누리',
      '折扣',
      '优惠',
      '優惠',
      'СКИДКА',
      'ЗНИЖКА',
      'הנחה',
      'خصم',
      'ส่วนลด',
      'ポイント',
      '포인트',
      '积分',
      '積分',
      '点数',
      '対象',
      '对象',
      '對象',
      '数量',
      '수량',
      '과세물품',
      '면세물품',
    ],
  ),
  // Brazil's approximate taxes (Lei 12.741, "Trib aprox R$ 3,98 Federal", "Tributos Totais
  // Incidentes", the IBPT's table): a share of the price, never what was paid.
  rule(
    { kind: 'tax', weight: 0 },
    /INCLUDED(GST|TAX|VAT|SST)|(GST|TAX|VAT|SST)INCLUDED|DAVON|DONT|DICUI|ENTHALTEN|TRIB[A-Z]*APROX|APROX[A-Z]*TRIB|TRIBUTOSTOTAIS|TOTAISINCIDENTES|IBPT/,
    undefined,
    [
      '内税',
      '内消費',
      '内消费',
      'うち消費',
      '税合計',
      '税合计',
      '消費税計',
      '消费税计',
      '税額合計',
    ],
  ),
  rule(
    { kind: 'total', weight: 10 },
    /TOTA?L?INC|INCLUSIV|TOTALWITH|GRANDTOTAL|AMOUNTDUE|TOTALDUE|BALANCEDUE|PAYABLE|NETTTOTAL|NETTOTAL|JUMLAH|ZUZAHLEN|ZAHLBETRAG|ENDBETRAG|ENDSUMME|GESAMTBETRAG|GESAMTSUMME|RECHNUNGSBETRAG|TOTALTTC|NETAPAYER|TOTALAPAYER|MONTANTTTC|TOTALAPAGAR|IMPORTETOTAL|TOTALCOMPLESSIVO|IMPORTOPAGATO|TOTALEEURO|TEBETALEN|TOTAALBEDRAG|VALORTOTAL|VALORAPAGAR|TOTALEUR$|DOZAPLATY|KUHRADE|ZAPLATITI|ZAUPLATU|GENELTOPLAM|ODENECEK|FIZETENDO|MOKETI|DEPLATA|TONGCONG|PHAITRA|CANTHANHTOAN|TONGTHANHTOAN|TOTALBAYAR|ATTBETALA|ABETALE|ATBETALE|MAKSETTAVA/,
    undefined,
    [
      '合計',
      '合计',
      '総計',
      '总计',
      '總計',
      'お買上',
      'お買い上げ',
      '請求',
      '请求',
      'お会計',
      'お支払',
      '应付',
      '應付',
      '应收',
      '應收',
      '결제금액',
      '결제액',
      '받을금액',
      '판매총액',
      '총금액',
      '청구금액',
      '총액',
      'ИТОГО',
      'КОПЛАТЕ',
      'ДОСПЛАТИ',
      'ДООПЛАТИ',
      'ЗАПЛАЩАНЕ',
      'ЗАПЛАЋАЊЕ',
      'לתשלום',
      'الإجمالي',
      'المجموع',
      'รวมทั้งสิ้น',
      'ยอดสุทธิ',
      'ยอดชำระ',
      'ΣΥΝΟΛΟ',
      'ΠΛΗΡΩΤΕΟ',
    ],
  ),
  // Before the tax rule: "Total Sales (Inclusiva of GST)", "Total inkl. MwSt", "TOTAL TTC" name a
  // tax but are the total (the exclusive ones are subtotals, matched above).
  rule({ kind: 'total', weight: 8 }, /TOTALSALES(?!TAX)|TOTA?L?[A-Z]*IN[CK]L|SUMME[A-Z]*INKL|TTC$/),
  rule(
    { kind: 'tax', weight: 0 },
    /GST|SST|VAT|TAX|SERVICE|SVC|SERVCHG|SRVCHG|TIP|MWST|MEHRWERTSTEUER|STEUER|IMPUESTO|IMPOSTA|CUOTA/,
    / (UST|USTB|TVA|IVA|BTW|IGIC|MWS|ICMS|PVM|DPH|PTU|PDV|KDV|AFA|PPN|MOMS|ALV|THUE|S C|TOTAL TUA) /,
    [
      '消費税',
      '消费税',
      '税額',
      '税额',
      '外税',
      '부가세',
      '부가가치세',
      '세액',
      'НДС',
      'ПДВ',
      'מעמ',
      'ضريبة',
      'ภาษี',
      'ΦΠΑ',
      '增值税',
    ],
  ),
  rule(
    { kind: 'total', weight: 9 },
    /TOTALAMOUNT|TOTALSALES|TOTALRM|TOTALMYR|TOTALTOPAY|AMOUNTTOPAY|SUMMEEUR|GESAMTEUR|TOTALEURO|THANHTOAN|TONGTIEN|TOTALBELANJA|TOTAL(LEI|RON|PLN|ZL|KC|CZK|HRK|KN|HUF|FT|TL|TRY|RP|IDR|VND|PHP|THB|BAHT|ZAR|NZD|AUD|SGD|USD|CAD|GBP|CHF|SEK|NOK|DKK|ILS|NIS|EGP)$/,
  ),
  rule(
    { kind: 'total', weight: 8 },
    /TOTA|OTAL|TTL|^TOT$|SUMME|GESAMT|BETRAG|TOTAAL|MONTANT|IMPORTE|APAYER|APAGAR|^S?UMM?E|ZUZAH|GESA(M|RN)T|^T[AO]T[AO]L|CELKEM|UKUPNO|TOPLAM|OSSZESEN|ISVISO|SUMMA|YHTEENSA|RAZEM|^SUM$|SAMTALS/,
    / (SUMA|I ALT|KOKKU|KOPA|SPOLU|CELKOM|SKUPAJ) /,
    [
      '합계',
      'ИТОГ',
      'СУММА',
      'СУМА',
      'ВСЬОГО',
      'ВСЕГО',
      'РАЗОМ',
      'ОБЩО',
      'УКУПНО',
      'סהכ',
      'ยอดรวม',
      'รวม',
    ],
  ),
  rule({ kind: 'total', weight: 6 }, /NETT|NETAMOUNT|AMOUNTPAID|TOPAY|UMSATZ|BEDRAG|VALOR$/),
  // Card payments equal the total; cash tendered may be more (change follows).
  rule(
    { kind: 'payment', weight: 3 },
    /CASH|TUNAI|TENDER|VISA|MASTER|AMEX|CARD|CREDIT|DEBIT|PAID|PAYMENT|EFTPOS|GRAB|TNG|EWALLET|GEGEBEN|GIROCARD|MAESTRO|VPAY|KARTE|BEZAHLT|ESPECES|CARTEBANCAIRE|CARTEBLEUE|PAIEMENT|REGLEMENT|EFECTIVO|ENTREGADO|TARJETA|CONTANTI|CONTANTE|BANCOMAT|PAGAMENTO|PAGATO|CARTA|CONTANT|BETAALD|PINNEN|DINHEIRO|MULTIBANCO|CARTAO|NUMERARIO|PAGO|BARZAHLUNG|PAYE|KREDITKARTE|GOTOWKA|KARTA|HOTOVOST|GOTOVINA|NAKIT|KREDIKART|KESZPENZ|BANKKARTYA|GRYNAIS|KORTELE|MOKETA|NUMERAR|TIENMAT|KHACHDUA|KHACHTRA|CHUYENKHOAN|KONTANT|KATEINEN|KORTTI|QRIS/,
    / (BAR|BARGELD|EC|CB|PIN|GEG|KORT) /,
    [
      ...CASH_NATIVE,
      'クレジット',
      'カード',
      '카드',
      '신용',
      '刷卡',
      '信用卡',
      '银行卡',
      'КАРТ',
      'БЕЗНАЛ',
      'אשראי',
      'כרטיס',
      'بطاقة',
      'บัตร',
      'ΚΑΡΤΑ',
    ],
  ),
  rule({ kind: 'total', weight: 4 }, /^AMOUNT$|^AMT$|^AMOUNTRM$|BALANCE|^DUE$|^EUR$/),
];

/** Cash handed over (change may follow), as opposed to a card payment of the exact total. */
const CASH_KEY =
  /(?<!EC)CASH|TUNAI|TENDER|GEGEBEN|BARGELD|ESPECES|EFECTIVO|ENTREGADO|CONTANT|DINHEIRO|NUMERARIO|BARZAHLUNG|GOTOWKA|HOTOVOST|GOTOVINA|NAKIT|KESZPENZ|GRYNAIS|NUMERAR|TIENMAT|KHACHDUA|KHACHTRA|KONTANT|KATEINEN/;
const CASH_WORD = / (BAR|GEG) /;
const CASH_NATIVE_KEY = nativePattern(CASH_NATIVE);

/** Lines from here on summarise tax per rate; their "TOTAL" is not the receipt total. */
const SUMMARY_KEY =
  /(GST|TAX|SST|VAT)(SUM|ANAL)|SUMMARY|TAXCODE|(MWST|STEUER)[A-Z]*NETTO|NETTO[A-Z]*(MWST|STEUER|BRUTTO)|TAUX[A-Z]*(HT|TVA)|BASEIMPONIBLE|ALIQUOTA|IMPONIBILE|BTW[A-Z]*(OVER|BASIS|GRONDSLAG)|BASEIVA|TAXABASE|TVAHT|HTTVA|RATENET|TAXRATE/;

/** Accents folded, and the Latin letters that do not decompose ("Do zapłaty", "Khách đưa"). */
function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o');
}

/** Letters-only keys and spaced words of a label text, accents folded and upper case. */
function keys(text: string): { key: string; words: string; native: string } {
  const upper = foldAccents(text).toUpperCase();
  return {
    key: letterKey(upper),
    // An amount OCR glued to the word after it ("5,63IVA 10%") leaves the word whole; a count
    // does not ("2PIN" is a plug's).
    words: ` ${upper
      .replace(/(?<=\d[.,]\d{2})(?=[A-Z])/g, ' ')
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim()} `,
    native: nativeKey(text),
  };
}

/** True when a text holds enough letters, of any script, to be a label. */
export function hasLabelText(text: string): boolean {
  const { key, native } = keys(text);
  return key.length >= 2 || native.length >= 2;
}

/** A count of items printed inside a total's label: "TOTAL (3 items)", "Summe 3 Artikel". */
const ITEM_COUNT =
  /\(?\b\d{1,3}\s?(ITEMS?|ARTIKEL|ARTICLES?|ARTICULOS|ARTÍCULOS|ARTICOLI|ARTIGOS|PCS|STK|STÜCK|POS\.?)(?![\p{L}])\)?/iu;
/** The count after its word, ending the words before an amount: Indonesia's "Total Item 1". */
const ITEM_COUNT_LAST = /\b(ITEMS?|ARTIKEL|PCS|QTY)\s?:?\s?\d{1,3}\s*$/iu;

/**
 * What the words before an amount say it is; null for none of the known labels. A count of
 * items inside a total's label does not make a count of the amount after it: "TOTAL ITEMS 5"
 * is a count, "TOTAL (3 items) 23.40" and, when the amount follows on its line (`beforeAmount`),
 * "Total Item 1 44,900" the total.
 */
export function labelOf(text: string, { beforeAmount = false } = {}): Label | null {
  const label = ruleOf(text);
  if (label?.kind !== 'other') return label;
  const count = ITEM_COUNT.test(text)
    ? ITEM_COUNT
    : beforeAmount && ITEM_COUNT_LAST.test(text)
      ? ITEM_COUNT_LAST
      : null;
  if (!count) return label;
  const uncounted = ruleOf(text.replace(count, ' '));
  return uncounted?.kind === 'total' || uncounted?.kind === 'subtotal' ? uncounted : label;
}

function ruleOf(text: string): Label | null {
  const { key, words, native } = keys(text);
  if (key.length < 2 && native.length < 2) return null;
  for (const r of RULES) {
    if (
      (r.key && r.key.test(key)) ||
      (r.word && r.word.test(words)) ||
      (r.native && native.length > 0 && r.native.test(native))
    ) {
      return r.label;
    }
  }
  return null;
}

/** True when a payment line is cash handed over rather than a card payment. */
export function isCashLine(text: string): boolean {
  const { key, words, native } = keys(text);
  return CASH_KEY.test(key) || CASH_WORD.test(words) || CASH_NATIVE_KEY.test(native);
}

/** True for the heading of a tax table (per rate: net, tax, gross). */
export function startsTaxSummary(text: string): boolean {
  return SUMMARY_KEY.test(keys(text).key);
}
