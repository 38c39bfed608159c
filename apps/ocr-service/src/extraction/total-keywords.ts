import { letterKey } from './text-lines.js';

export type LabelKind =
  'total' | 'payment' | 'subtotal' | 'tax' | 'change' | 'rounding' | 'deposit' | 'other';

export interface Label {
  kind: LabelKind;
  weight: number;
}

/**
 * One rule: `key` is tested against the letters only (uppercase, accents folded, no spaces), so
 * "GRANDTOTAL" from Paddle and "Grand Total:" from tesseract look the same; `word` against the
 * words with single spaces around them, for short codes that hide inside other words ("IVA" in
 * "OLIVA", "BAR" in "BARILLA", "HT" in "NACHT").
 */
interface Rule {
  key?: RegExp;
  word?: RegExp;
  label: Label;
}

const rule = (label: Label, key?: RegExp, word?: RegExp): Rule => ({ key, word, label });

// Order matters: the first match wins. What is NOT the amount paid comes before the totals whose
// words it contains ("MWST-BETRAG", "TOTAL TVA", "NETTO", "EC-CASH").
const RULES: Rule[] = [
  // Change given back: en, ms, de, fr, es, it, nl, pt.
  rule(
    { kind: 'change', weight: 0 },
    /CHANGE|BAKI|KEMBALI|TUKAR|CKGELD|RUCKGELD|WECHSELGELD|ZURUCK|ZURCK|RENDU|ARENDRE|CAMBIO|VUELTA|DEVOLVER|WISSELGELD|TERUGGAVE|TROCO/,
    / (TERUG|RETOUR|RESTO) /,
  ),
  // A suggested tip and the total with it ("PROP.SUGERIDA 10%", "Total c/Propina"): the guest
  // may pay it or not; the bill is the total before it.
  rule(
    { kind: 'other', weight: 0 },
    /PROPINA|SUGERID|SUGGESTED|SUGGESTION|WITHTIP|CONSERVICIO|GRATUITYGUIDE/,
  ),
  rule({ kind: 'total', weight: 10 }, /ROUND(ED|ING)?TOTAL|TOTA?L?[A-Z]*ROU|GERUNDET/),
  rule(
    { kind: 'rounding', weight: 0 },
    /ROUND|ADJUSTMENT|ADJ$|RUNDUNG|AFRONDING|ARRONDI|ARROTONDAMENTO|REDONDEO|ARREDONDAMENTO/,
  ),
  // Net (before tax) and subtotals.
  rule(
    { kind: 'subtotal', weight: 2 },
    /^NETTTL$|SUBTOTAL|SUBTTL|SUBTOTL|TOTALEX|EXCL|TOTALBEFORE|BEFORE(TAX|GST)|NETTOFTAX|ZWISCHENSUMME|SOUSTOTAL|SUBTOTAAL|TUSSENTOTAAL|NETTOBETRAG|NETTOSUMME|SUMMENETTO|GESAMTNETTO|NETTOWERT|HORSTAXE|BASEIMPONIBLE|IMPONIBLE|IMPONIBILE|SEMIVA|SANSTVA|OHNEMWST/,
    / (HT|EXCL|EX|ZWS|NETO|NETTO) /,
  ),
  // Deposits and empties: items of the receipt, never its total.
  rule(
    { kind: 'deposit', weight: 0 },
    /PFAND|LEERGUT|DEPOSIT|CONSIGNE|STATIEGELD|EMBALAJE|ENVASE|VUOTO|VASILHAME/,
  ),
  rule(
    { kind: 'other', weight: 0 },
    /TOTAL(QTY|QUANTITY|ITEM|UNIT|PCS|NO|SAV|DISC|POINT|PT|WEIGHT)|NOOFITEM|DISCOUNT|SAVING|POINTS?$|QTY$|RABATT|NACHLASS|GUTSCHEIN|COUPON|BON(US)?PUNKTE|ERSPARNIS|GESPART|REMISE|REDUCTION|FIDELITE|DESCUENTO|AHORRO|SCONTO|RISPARMIO|KORTING|VOORDEEL|DESCONTO|POUPANCA|PROMO|ANZAHL|ARTIKEL|STUCK|ARTICLES|ARTICULOS|ARTICOLI|PEZZI|PREISVORTEIL|VORTEIL|SIESPAREN|AKTIONSRABATT/,
    / (BONUS|AH BONUS) /,
  ),
  rule(
    { kind: 'tax', weight: 0 },
    /INCLUDED(GST|TAX|VAT|SST)|(GST|TAX|VAT|SST)INCLUDED|DAVON|DONT|DICUI|ENTHALTEN/,
  ),
  rule(
    { kind: 'total', weight: 10 },
    /TOTA?L?INC|INCLUSIV|TOTALWITH|GRANDTOTAL|AMOUNTDUE|TOTALDUE|BALANCEDUE|PAYABLE|NETTTOTAL|NETTOTAL|JUMLAH|ZUZAHLEN|ZAHLBETRAG|ENDBETRAG|ENDSUMME|GESAMTBETRAG|GESAMTSUMME|RECHNUNGSBETRAG|TOTALTTC|NETAPAYER|TOTALAPAYER|MONTANTTTC|TOTALAPAGAR|IMPORTETOTAL|TOTALCOMPLESSIVO|IMPORTOPAGATO|TOTALEEURO|TEBETALEN|TOTAALBEDRAG|VALORTOTAL|VALORAPAGAR|TOTALEUR$/,
  ),
  // Before the tax rule: "Total Sales (Inclusiva of GST)", "Total inkl. MwSt", "TOTAL TTC" name a
  // tax but are the total (the exclusive ones are subtotals, matched above).
  rule({ kind: 'total', weight: 8 }, /TOTALSALES(?!TAX)|TOTA?L?[A-Z]*IN[CK]L|SUMME[A-Z]*INKL|TTC$/),
  rule(
    { kind: 'tax', weight: 0 },
    /GST|SST|VAT|TAX|SERVICE|SVC|TIP|MWST|MEHRWERTSTEUER|STEUER|IMPUESTO|IMPOSTA|CUOTA/,
    / (UST|USTB|TVA|IVA|BTW|IGIC|MWS|ICMS) /,
  ),
  rule(
    { kind: 'total', weight: 9 },
    /TOTALAMOUNT|TOTALSALES|TOTALRM|TOTALMYR|TOTALTOPAY|AMOUNTTOPAY|SUMMEEUR|GESAMTEUR|TOTALEURO/,
  ),
  rule(
    { kind: 'total', weight: 8 },
    /TOTA|OTAL|TTL|^TOT$|SUMME|GESAMT|BETRAG|TOTAAL|MONTANT|IMPORTE|APAYER|APAGAR|^S?UMM?E|ZUZAH|GESA(M|RN)T/,
  ),
  rule({ kind: 'total', weight: 6 }, /NETT|NETAMOUNT|AMOUNTPAID|TOPAY|UMSATZ|BEDRAG|VALOR$/),
  // Card payments equal the total; cash tendered may be more (change follows).
  rule(
    { kind: 'payment', weight: 3 },
    /CASH|TUNAI|TENDER|VISA|MASTER|AMEX|CARD|CREDIT|DEBIT|PAID|PAYMENT|EFTPOS|GRAB|TNG|EWALLET|GEGEBEN|GIROCARD|MAESTRO|VPAY|KARTE|BEZAHLT|ESPECES|CARTEBANCAIRE|CARTEBLEUE|PAIEMENT|REGLEMENT|EFECTIVO|ENTREGADO|TARJETA|CONTANTI|CONTANTE|BANCOMAT|PAGAMENTO|PAGATO|CARTA|CONTANT|BETAALD|PINNEN|DINHEIRO|MULTIBANCO|CARTAO|NUMERARIO|PAGO|BARZAHLUNG|PAYE|KREDITKARTE/,
    / (BAR|BARGELD|EC|CB|PIN|GEG) /,
  ),
  rule({ kind: 'total', weight: 4 }, /^AMOUNT$|^AMT$|^AMOUNTRM$|BALANCE|^DUE$|^EUR$/),
];

/** Cash handed over (change may follow), as opposed to a card payment of the exact total. */
const CASH_KEY =
  /(?<!EC)CASH|TUNAI|TENDER|GEGEBEN|BARGELD|ESPECES|EFECTIVO|ENTREGADO|CONTANT|DINHEIRO|NUMERARIO|BARZAHLUNG/;
const CASH_WORD = / (BAR|GEG) /;

/** Lines from here on summarise tax per rate; their "TOTAL" is not the receipt total. */
const SUMMARY_KEY =
  /(GST|TAX|SST|VAT)(SUM|ANAL)|SUMMARY|TAXCODE|(MWST|STEUER)[A-Z]*NETTO|NETTO[A-Z]*(MWST|STEUER|BRUTTO)|TAUX[A-Z]*(HT|TVA)|BASEIMPONIBLE|ALIQUOTA|IMPONIBILE|BTW[A-Z]*(OVER|BASIS|GRONDSLAG)|BASEIVA|TAXABASE|TVAHT|HTTVA|RATENET|TAXRATE/;

function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Letters-only key and spaced words of a label text, accents folded and upper case. */
function keys(text: string): { key: string; words: string } {
  const upper = foldAccents(text).toUpperCase();
  return { key: letterKey(upper), words: ` ${upper.replace(/[^A-Z0-9]+/g, ' ').trim()} ` };
}

/** What the words before an amount say it is; null for none of the known labels. */
export function labelOf(text: string): Label | null {
  const { key, words } = keys(text);
  if (key.length < 2) return null;
  for (const r of RULES) {
    if ((r.key && r.key.test(key)) || (r.word && r.word.test(words))) return r.label;
  }
  return null;
}

/** True when a payment line is cash handed over rather than a card payment. */
export function isCashLine(text: string): boolean {
  const { key, words } = keys(text);
  return CASH_KEY.test(key) || CASH_WORD.test(words);
}

/** True for the heading of a tax table (per rate: net, tax, gross). */
export function startsTaxSummary(text: string): boolean {
  return SUMMARY_KEY.test(keys(text).key);
}
