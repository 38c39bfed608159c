import { describe, expect, it } from '@jest/globals';
import { extractFields } from './extract-fields.js';
import { extractTax } from './tax.js';
import { toTextLines } from './text-lines.js';

const referenceDate = new Date('2026-11-29T12:00:00Z');
const read = (lines: string[], locale?: string) =>
  extractFields(lines.join('\n'), { referenceDate, locale });

describe('tax lines', () => {
  it('reads a German MwSt table with rates A and B, and checks the gross against the total', () => {
    const fields = read([
      'REWE Markt GmbH',
      'Hauptstr. 12, 10115 Berlin',
      'BIO VOLLMILCH 1,19 B',
      'KAFFEE CREMA 8,99 A',
      'SPUELMITTEL 2,49 A',
      'BROETCHEN 10,00 B',
      'WEIN ROT 12,88 A',
      '--------------------------',
      'SUMME EUR 35,55',
      'Geg. EC-Cash EUR 35,55',
      'Steuer % Netto Steuer Brutto',
      'A= 19,0% 20,36 3,87 24,23',
      'B= 7,0% 10,58 0,74 11,32',
      'Gesamtbetrag 30,94 4,61 35,55',
      '03.11.2026 14:22 Bon-Nr 4711',
    ]);
    expect(fields.total).toBe(35.55);
    expect(fields.taxAmount).toBe(4.61);
    expect(fields.taxLines).toEqual([
      { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
      { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
    ]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
  });

  it('reads a French TVA table in the Taux HT TVA TTC order', () => {
    const fields = read([
      'CARREFOUR CITY',
      '12 rue de Rivoli 75004 Paris',
      'BAGUETTE 1,20',
      'CAMEMBERT 3,50',
      'COUTEAU 12,00',
      'TOTAL TTC 16,70',
      'CB 16,70',
      'Taux HT TVA TTC',
      '5,50% 4,45 0,25 4,70',
      '20,00% 10,00 2,00 12,00',
      'Le 14/10/2026 a 18:02',
    ]);
    expect(fields.total).toBe(16.7);
    expect(fields.taxAmount).toBe(2.25);
    expect(fields.taxLines).toEqual([
      { rate: 5.5, tax: 0.25, net: 4.45, gross: 4.7 },
      { rate: 20, tax: 2, net: 10, gross: 12 },
    ]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
  });

  it('reads a row of rate, tax and gross when the rate fits it better than tax and net', () => {
    // A Romanian receipt ("TVA VALOARE TOTAL"): 9 % of 1,99 is 0,18; as tax on a net of 2,17 it
    // fits the rate's tolerance too, and the tax contradicted the total (in review).
    const fields = read([
      'SC AUCHAN ROMANIA SA',
      'ZILNIC 07.00-23.00',
      'SCHWEPPES KINLEY TON 2,17B',
      'TOTAL: 2,17',
      'CARD 2,17',
      'TVA VALOARE TOTAL',
      'B-TVA9% 0,18 2,17',
      'TOTAL TAXE: 0,18',
      '07.06.2019 16:15:05',
    ]);
    expect(fields.taxLines).toEqual([{ rate: 9, tax: 0.18, net: 1.99, gross: 2.17 }]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
    // The opening hours are no amounts: no item above the total doubts it.
    expect(fields.basis?.total).toBe('labelled, backed');
  });

  it('reads one rate printed as "dont TVA"', () => {
    const fields = read([
      'BOULANGERIE PAUL',
      'CROISSANT 2,40',
      'TOTAL TTC 8,40',
      'dont TVA 10% 0,76',
      '14/10/2026',
    ]);
    expect(fields.taxAmount).toBe(0.76);
    expect(fields.taxLines).toEqual([{ rate: 10, tax: 0.76, net: null, gross: null }]);
  });

  it('reads a US sales TAX line and fills net and gross from subtotal and total', () => {
    const fields = read([
      'TARGET',
      'BROOKLYN NY 11201',
      'NOTEBOOK 5.99',
      'PENS 4.01',
      'SUBTOTAL 10.00',
      'TAX 8.875% 0.89',
      'TOTAL 10.89',
      'VISA 10.89',
      '11/03/2026',
    ]);
    expect(fields.total).toBe(10.89);
    expect(fields.taxAmount).toBe(0.89);
    expect(fields.taxLines).toEqual([{ rate: 8.875, tax: 0.89, net: 10, gross: 10.89 }]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
  });

  it('reads two US rates printed with their base ("MO TAX 8.4750% on $151.37")', () => {
    const fields = read([
      'TARGET',
      'SUBTOTAL $246.00',
      'Your REDcard Savings $11.55-',
      'T = MO TAX 8.4750% on $151.37 $12.83',
      'C = MO TAX 5.4750% on $83.08 $4.55',
      'TOTAL $251.83',
    ]);
    expect(fields.total).toBe(251.83);
    expect(fields.taxAmount).toBe(17.38);
    expect(fields.taxLines).toEqual([
      { rate: 8.475, tax: 12.83, net: 151.37, gross: 164.2 },
      { rate: 5.475, tax: 4.55, net: 83.08, gross: 87.63 },
    ]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
  });

  it('reads Canadian GST and PST as two rates that add up with the subtotal', () => {
    const fields = read([
      'LONDON DRUGS',
      'VANCOUVER BC V6B 1A1',
      'SUBTOTAL 20.00',
      'GST 5% 1.00',
      'PST 7% 1.40',
      'TOTAL 22.40',
      'MASTERCARD 22.40',
    ]);
    expect(fields.taxAmount).toBe(2.4);
    expect(fields.taxLines).toEqual([
      { rate: 5, tax: 1, net: null, gross: null },
      { rate: 7, tax: 1.4, net: null, gross: null },
    ]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
  });

  it('reads tax in a currency without minor units', () => {
    const fields = read([
      'INDOMARET',
      'JAKARTA',
      'SUBTOTAL 40.818',
      'PPN 10% 4.082',
      'TOTAL Rp 44.900',
    ]);
    expect(fields.currency).toBe('IDR');
    expect(fields.total).toBe(44900);
    expect(fields.taxAmount).toBe(4082);
    expect(fields.taxLines).toEqual([{ rate: 10, tax: 4082, net: 40818, gross: 44900 }]);
  });

  it('keeps lines that contradict the total with a confidence for review', () => {
    const fields = read([
      'EDEKA',
      'SUMME EUR 35,55',
      'MwSt% Netto MwSt Brutto',
      'A 19% 20,36 3,87 24,23',
      'B 7% 10,00 0,70 10,70',
    ]);
    expect(fields.total).toBe(35.55);
    expect(fields.taxLines).toHaveLength(2);
    expect(fields.taxAmount).toBe(4.57);
    expect(fields.confidence.tax).toBeLessThan(0.7);
  });

  it('leaves tax unknown when no tax line is printed, never 0', () => {
    const fields = read(['CORNER CAFE', 'LATTE 4.50', 'TOTAL 4.50', 'CASH 5.00', 'CHANGE 0.50']);
    expect(fields.taxAmount).toBeNull();
    expect(fields.taxLines).toEqual([]);
    expect(fields.confidence.tax).toBe(0);
    expect(fields.boxes?.tax).toBeNull();
  });

  it('does not take a tax id, a total including tax or an olive for a tax line', () => {
    const tax = (text: string[]) =>
      extractTax(toTextLines(text.join('\n')), { decimalMark: ',' }).cents;
    expect(tax(['USt-IdNr DE123456789', 'SUMME 12,50'])).toBeNull();
    expect(tax(['Total incl. MwSt 12,50'])).toBeNull();
    expect(tax(['Aceite de oliva 4,95', 'TOTAL 4,95'])).toBeNull();
    expect(tax(['Service charge 10% 2,00', 'TOTAL 22,00'])).toBeNull();
  });

  it('takes a Polish PTU line and its sum once', () => {
    const fields = read([
      'BIEDRONKA',
      'NIP 779-10-11-327',
      'SPRZEDAZ OPODATKOWANA A 20,00',
      'PTU A 23,00% 4,60',
      'SUMA PTU 4,60',
      'SUMA PLN 24,60',
    ]);
    expect(fields.taxAmount).toBe(4.6);
    expect(fields.taxLines).toEqual([{ rate: 23, tax: 4.6, net: null, gross: null }]);
  });

  it('reads a Malaysian GST summary whose rate has no percent sign', () => {
    const fields = read([
      'SUB-TOTAL (EX) 52.00',
      'TOTAL TAX : 3.12',
      'TOTAL 55.12',
      'CASH 55.12',
      'GST SUMMARY',
      'TAX CODE % AMOUNT TAX',
      'SR 6.00 52.00 3.12',
      'TOTAL: 52.00 3.12',
    ]);
    expect(fields.taxLines).toEqual([{ rate: 6, tax: 3.12, net: 52, gross: 55.12 }]);
    expect(fields.confidence.tax).toBeGreaterThanOrEqual(0.85);
  });

  it('gives the tax lines an evidence box', () => {
    const text = 'SUBTOTAL 10.00\nTAX 0.80\nTOTAL 10.80';
    const fields = extractFields(text, {
      referenceDate,
      lines: [
        {
          text: 'SUBTOTAL 10.00',
          confidence: 0.95,
          box: { x: 10, y: 100, width: 200, height: 20 },
        },
        { text: 'TAX 0.80', confidence: 0.95, box: { x: 10, y: 130, width: 150, height: 20 } },
        { text: 'TOTAL 10.80', confidence: 0.95, box: { x: 10, y: 160, width: 180, height: 20 } },
      ],
    });
    expect(fields.taxAmount).toBe(0.8);
    expect(fields.boxes?.tax).toEqual({ x: 10, y: 130, width: 150, height: 20 });
  });
});
