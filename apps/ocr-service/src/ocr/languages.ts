import { createRequire } from 'node:module';
import path from 'node:path';
import { printedCountry, type Country } from '../extraction/country.js';

/**
 * The tesseract languages shipped with the service (`@tesseract.js-data/<code>`, LSTM models on
 * disk, loaded only when a receipt needs them): English and the major Latin-script languages
 * of the receipts the rules read.
 */
export const OCR_LANGUAGES = ['eng', 'deu', 'fra', 'spa', 'ita', 'nld', 'por'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

const BY_LANGUAGE_SUBTAG: Readonly<Record<string, OcrLanguage>> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  nl: 'nld',
  pt: 'por',
  // Malay receipts print English words and ASCII.
  ms: 'eng',
};

/** The OCR language of a BCP 47 locale (`de-CH` → `deu`), or null for one without a model. */
export function languageForLocale(locale: string | null | undefined): OcrLanguage | null {
  const subtag = locale?.split('-')[0]?.toLowerCase();
  return (subtag && BY_LANGUAGE_SUBTAG[subtag]) || null;
}

/** Folder of `<code>.traineddata.gz` in the language's npm package (the LSTM-only model). */
export function tesseractLangPath(language: OcrLanguage): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve(`@tesseract.js-data/${language}`);
  return path.join(path.dirname(main), '4.0.0_best_int');
}

const BY_COUNTRY: Partial<Record<Country, OcrLanguage>> = {
  DE: 'deu',
  AT: 'deu',
  FR: 'fra',
  ES: 'spa',
  IT: 'ita',
  NL: 'nld',
  PT: 'por',
  BR: 'por',
  US: 'eng',
  CA: 'eng',
  GB: 'eng',
  IE: 'eng',
  MY: 'eng',
  SG: 'eng',
  AU: 'eng',
};

// Words a receipt of each language prints (upper case, accents folded), that the others do not.
const WORDS: Readonly<Record<OcrLanguage, RegExp>> = {
  eng: /\b(TOTAL DUE|AMOUNT DUE|SUBTOTAL|CHANGE|CASH|THANK YOU|RECEIPT|QTY|TAX)\b/g,
  deu: /\b(SUMME|GESAMT\w*|ZU ZAHLEN|MWST|UST|BARGELD|RUCKGELD|ZURUCK|BETRAG|DATUM|UHRZEIT|KASSE|VIELEN DANK|STEUER\w*|NETTO|BRUTTO|GEGEBEN|PFAND|STR(ASSE)?|GMBH)\b/g,
  fra: /\b(TTC|HT|TVA|ESPECES|RENDU|MERCI|CAISSE|MONTANT|A PAYER|SARL|RUE|TICKET|ARTICLES?)\b/g,
  spa: /\b(IMPORTE|EFECTIVO|ENTREGADO|CAMBIO|GRACIAS|FACTURA|CALLE|TARJETA|CIF|NIF|SIMPLIFICADA|BASE IMPONIBLE)\b/g,
  ita: /\b(TOTALE|CONTANTI|RESTO|GRAZIE|SCONTRINO|VIA|IMPORTO|PAGATO|P\.? ?IVA|DOCUMENTO COMMERCIALE|RESTO)\b/g,
  nld: /\b(TOTAAL|BTW|CONTANT|WISSELGELD|BEDANKT|BEDRAG|TE BETALEN|KASSA|PINNEN|STRAAT|BONNUMMER|TERUG)\b/g,
  por: /\b(OBRIGADO|TROCO|NUMERARIO|CONTRIBUINTE|FATURA|RUA|CNPJ|VALOR|DINHEIRO|QTD|CUPOM)\b/g,
};

/**
 * The language a receipt's text is printed in, from the country it names and the words it
 * uses; null when nothing tells (then English reads it). For OCR text read in any language:
 * the words are compared without accents.
 */
export function detectLanguage(text: string): OcrLanguage | null {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
  const score = new Map<OcrLanguage, number>();
  for (const language of OCR_LANGUAGES) {
    score.set(language, folded.match(WORDS[language])?.length ?? 0);
  }
  const country = printedCountry(text);
  const national = country ? BY_COUNTRY[country] : undefined;
  if (national) score.set(national, (score.get(national) ?? 0) + 3);
  const ranked = [...score].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 2 || best[1] === second?.[1]) return null;
  return best[0];
}
