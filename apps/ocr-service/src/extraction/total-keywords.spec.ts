import { describe, expect, it } from '@jest/globals';
import { isCashLine, labelOf, startsTaxSummary } from './total-keywords.js';

const kind = (text: string) => labelOf(text)?.kind ?? null;

describe('labelOf', () => {
  it.each([
    // What the amount paid is called.
    ['SUMME', 'total'],
    ['zu zahlen', 'total'],
    ['Gesamt', 'total'],
    ['Total EUR', 'total'],
    ['Betrag EUR', 'total'],
    ['Total TTC', 'total'],
    ['Net à payer', 'total'],
    ['Total à payer', 'total'],
    ['Importe', 'total'],
    ['Total a pagar', 'total'],
    ['Totale complessivo', 'total'],
    ['Totale', 'total'],
    ['Totaal', 'total'],
    ['Te betalen', 'total'],
    ['Valor total', 'total'],
    ['Total inkl. MwSt', 'total'],
    ['Total (IVA incluido)', 'total'],
    ['NET TOTAL', 'total'],
    ['Umsatz', 'total'],
    ['SUM', 'total'],
    ['Samtals', 'total'],
    // And what it is not.
    ['Rückgeld', 'change'],
    ['ZURÜCK', 'change'],
    ['ZURUCK', 'change'],
    ['Monnaie rendue', 'change'],
    ['Cambio', 'change'],
    ['Resto', 'change'],
    ['Wisselgeld', 'change'],
    ['Troco', 'change'],
    ['Netto', 'subtotal'],
    ['Total HT', 'subtotal'],
    ['Base imponible', 'subtotal'],
    ['Zwischensumme', 'subtotal'],
    ['Sous-total', 'subtotal'],
    ['MwSt 19%', 'tax'],
    ['Total TVA', 'tax'],
    ['IVA 21%', 'tax'],
    ['BTW 9%', 'tax'],
    ['di cui IVA', 'tax'],
    ['IVA incluido', 'tax'],
    ['BTW inbegrepen', 'tax'],
    ['Totaal incl. BTW', 'total'],
    // Brazil's approximate taxes, printed under every NFC-e's total.
    ['Trib aprox R$', 'tax'],
    ['Tributos Totais Incidentes (Lei Federal 12.741/2012)', 'tax'],
    ['Total aproximado de tributos', 'tax'],
    ['Val Aprox dos Tributos', 'tax'],
    // An amount OCR glued to the tax word after it.
    ['5,63IVA 10%', 'tax'],
    ['Pfand', 'deposit'],
    ['Leergut', 'deposit'],
    ['Statiegeld', 'deposit'],
    ['Rabatt', 'other'],
    ['Coupon', 'other'],
    ['Remise fidélité', 'other'],
    ['Gegeben BAR', 'payment'],
    ['Bargeld', 'payment'],
    ['EC-Cash', 'payment'],
    ['Kartenzahlung', 'payment'],
    ['CB sans contact', 'payment'],
    ['Tarjeta', 'payment'],
    ['Bancomat', 'payment'],
    ['PIN', 'payment'],
    ['Multibanco', 'payment'],
    ['Afronding', 'rounding'],
    ['Rappenrundung', 'rounding'],
    ['Preisvorteil', 'other'],
    ['Bonus', 'other'],
    ['B.Imponible', 'subtotal'],
    ['Payé CB', 'payment'],
    // Labels OCR slipped on.
    ['5UMME', 'total'],
    ['zu zahien', 'total'],
    ['Gesarnt', 'total'],
    ['Rundung', 'rounding'],
    // Bulgarian, Ukrainian, Serbian, Estonian, Latvian, Slovak and Slovenian totals.
    ['ОБЩО', 'total'],
    ['За плащане', 'total'],
    ['Разом', 'total'],
    ['УКУПНО', 'total'],
    ['Kokku', 'total'],
    ['Kopā', 'total'],
    ['Spolu', 'total'],
    ['Skupaj', 'total'],
    // Croatian change, and the bottle deposit that shares its word.
    ['Povrat', 'change'],
    ['Povratna naknada', 'deposit'],
  ])('reads "%s" as %s', (text, expected) => {
    expect(kind(text)).toBe(expected);
  });

  it('does not find short codes inside other words', () => {
    expect(kind('Aceite de oliva')).toBeNull();
    expect(kind('Barilla Spaghetti')).toBeNull();
    expect(kind('T5 JOINT 2PIN 2PCS')).toBeNull();
  });

  it('reads a total whose label counts the items, and a count as a count', () => {
    expect(kind('TOTAL (3 items)')).toBe('total');
    expect(kind('Summe 3 Artikel')).toBe('total');
    expect(kind('Subtotal 12 items')).toBe('subtotal');
    // The count alone, or after its label, is no total ("TOTAL ITEMS 5", "Anzahl Artikel: 3").
    expect(kind('TOTAL ITEMS')).toBe('other');
    expect(kind('Anzahl 3 Artikel')).toBe('other');
    expect(kind('3 Artikel')).toBe('other');
  });

  it('reads the count after its word as a total’s only before the amount on its line', () => {
    // Alfamart: "Total Item 1 44,900".
    expect(labelOf('Total Item 1 ', { beforeAmount: true })?.kind).toBe('total');
    // A line of its own ("TOTAL ITEMS 5") labels no amount below it as the total.
    expect(kind('TOTAL ITEMS 5')).toBe('other');
    expect(labelOf('Item 1 ', { beforeAmount: true })?.kind).not.toBe('total');
  });
});

describe('isCashLine', () => {
  it('tells cash handed over from a card payment', () => {
    expect(isCashLine('Gegeben BAR 50,00')).toBe(true);
    expect(isCashLine('Espèces 20,00')).toBe(true);
    expect(isCashLine('EC-Cash 24,23')).toBe(false);
    expect(isCashLine('Kartenzahlung 24,23')).toBe(false);
  });
});

describe('startsTaxSummary', () => {
  it.each([
    'MwSt% Netto MwSt Brutto',
    'Steuer % Netto Steuer Brutto',
    'Taux HT TVA TTC',
    'IVA Base imponible Cuota',
    'GST SUMMARY',
  ])('sees a tax table heading in "%s"', (text) => expect(startsTaxSummary(text)).toBe(true));
});
