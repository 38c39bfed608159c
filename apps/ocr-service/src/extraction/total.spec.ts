import { describe, expect, it } from '@jest/globals';
import { toTextLines } from './text-lines.js';
import { extractTotal } from './total.js';

const total = (text: string) => extractTotal(toTextLines(text)).cents;

describe('extractTotal', () => {
  it('takes the amount after a count of items in the total line, backed by the cash paid', () => {
    // Alfamart's layout; the total was an unlabelled amount (0.67) before.
    const lines = toTextLines(
      [
        'MARLBORO LGT 20 1 44,900 44,900',
        'Total Item 1 44,900',
        'Tunai 44,900',
        'Kembalian 0',
      ].join('\n'),
    );
    expect(extractTotal(lines, { wholeUnits: true })).toMatchObject({
      cents: 4490000,
      basis: 'labelled, backed',
    });
  });

  it('prefers the rounded total over the amount before rounding', () => {
    const text = [
      'Total Sales (Inclusive GST) 22.91',
      'Rounding Adjustment -0.01',
      'Total Rounded 22.90',
      'CASH 50.00',
      'CHANGE 27.10',
    ].join('\n');
    expect(total(text)).toBe(2290);
  });

  it("takes a GST table's supplies by rate for its base, not the amount paid", () => {
    // A Malaysian invoice's table, read in rows: the zero-rated line is printed twice.
    const text = [
      'O.C.WHITE 2.13 10 1 0 9 19.17',
      'WHOLEMEAL 2.78 5 0 0 5 13.90',
      'O.CJUMBC 2.97 5 3 0 2. 5.94',
      'Total 0% supplies: 39.01',
      'CR-CHOCL 0.72 0 8 0 -8 -5.76',
      'TWIG-CHO 1.33 0 9 0 -9 -11.97',
      'Total 6% supplies (excl. GST): -17.73',
      'GST: -1.07',
      'Total 6% supplies (Inc. GST): -18.80',
      'Total 0% supplies: 39.01',
      'Total Payable: 20.21',
      'E.&.O.E.',
    ].join('\n');
    expect(total(text)).toBe(2021);
  });

  it('ignores the TOTAL row of a GST summary', () => {
    const text = [
      'SUB-TOTAL (EX) 52.00',
      'TOTAL TAX : 3.12',
      'TOTAL 55.10',
      'CASH 55.10',
      'GST SUMMARY',
      'TAX CODE % AMOUNT TAX',
      'SR 6.00 52.00 3.12',
      'TOTAL: 52.00 3.12',
    ].join('\n');
    expect(total(text)).toBe(5510);
  });

  it('takes the gross sum of a tax table when OCR garbled the total line', () => {
    const text = [
      'Rotwein A 12.88',
      'Broetchen B 10.00',
      'TOTAL 35:55',
      'MwSt% Netto MwSt Brutto',
      'A 19% 20.36 3.87 24.23',
      'B 7% 10.58 0.74 11.32',
    ].join('\n');
    expect(total(text)).toBe(3555);
    // A readable total word still wins over the table.
    expect(total(text.replace('35:55', '35.55'))).toBe(3555);
    expect(total(text.replace('35:55', '35.50'))).toBe(3550);
  });

  it('labels each amount by the words just before it', () => {
    expect(total('Total Saving 0.00 Total 77.20\nCash 100.00\nChange 22.80')).toBe(7720);
    expect(total('Item 2 Total with GST @ 6% 77.20')).toBe(7720);
  });

  it('reads a label and its amount split over two lines', () => {
    expect(total('SUBTOTAL\n8.00\nGRAND TOTAL\n8.48\nTHANK YOU')).toBe(848);
  });

  it('recovers a misread total line from subtotal + tax or cash − change', () => {
    expect(total('Sub Total : RM 68.87\nGST 6% : RM 4.13\nTOBE. RM 73.00\nCHANGE: RM 0.00')).toBe(
      7300,
    );
    expect(total('Net Total Rounded : TTT e00\nCash 20.00\nChange 1.50')).toBe(1850);
  });

  it('does not take the GST included in the total for the total', () => {
    expect(total('TOTAL 25.15\nCASH 30.00\nCHANGE 4.85\n(Total Included GST @ 6% : 1.42)')).toBe(
      2515,
    );
  });

  it('rejects a total larger than the cash handed over', () => {
    expect(total('TOTAL 258.85\nCash 50.00\nCHANGE 24.15\n25.85')).toBe(2585);
  });

  it('falls back to the most repeated amount, sure of it only when a second reading backs it', () => {
    // 7.50 printed twice and the sum of the items: measured right 19 of 19 times (calibration.ts).
    const backed = extractTotal(toTextLines('COFFEE 3.50\nCAKE 4.00\n7.50\n7.50'));
    expect(backed.cents).toBe(750);
    expect(backed.basis).toBe('unlabelled, backed');
    expect(backed.confidence).toBeGreaterThanOrEqual(0.7);
    // Two bare amounts, nothing to tell them apart: for review.
    const contested = extractTotal(toTextLines('COFFEE\n3.50\nCAKE\n4.20'));
    expect(contested.basis).toBe('unlabelled, alone, contested');
    expect(contested.confidence).toBeLessThan(0.7);
  });

  it('finds nothing in text without amounts', () => {
    expect(extractTotal(toTextLines('THANK YOU'))).toEqual({
      cents: null,
      confidence: 0,
      basis: null,
      line: null,
    });
  });
  it('takes a total line that names GST inclusive as the total, not as tax', () => {
    const text = [
      'Total Sales (Excluding GST) 19.34',
      'Total GST 1.16',
      'Total Sales (Inclusiva of GST) 20.50',
      'GST Summary Amount Tax',
      'SR @ 6% 19.34 1.16',
      'Total : 19.34 1.16',
    ].join('\n');
    expect(total(text)).toBe(2050);
    const adjusted = [
      'Sub-total 1.66',
      'Total After adj Incl GST 1,75',
      'Item Count 1',
      'GST Summary Amount Tax',
      'SR 1.65 0.10',
      'Total 1.65 0,10',
    ].join('\n');
    expect(total(adjusted)).toBe(175);
  });

  it('takes SUMME over the cash given and the change on a German receipt', () => {
    const text = [
      'Milch 3,5% 1,29 A',
      'Pfand 0,25 A',
      'Brot 2,49 B',
      'Rabatt -0,50',
      'SUMME EUR 3,53',
      'Gegeben BAR 40,00',
      'ZURÜCK 36,47',
    ].join('\n');
    expect(total(text)).toBe(353);
  });

  it('reads the totals of French, Spanish, Italian, Dutch and Portuguese receipts', () => {
    expect(
      total('Baguette 1,20 A\nTotal TVA 0,06\nTOTAL TTC 1,20 €\nEspèces 5,00\nRendu 3,80'),
    ).toBe(120);
    expect(
      total('Pan 1,10\nBase imponible 1,00\nIVA 10% 0,10\nTotal a pagar 1,10 €\nTarjeta 1,10'),
    ).toBe(110);
    expect(
      total('Pane 2,40\nTOTALE COMPLESSIVO 2,40\nContanti 10,00\nResto 7,60\ndi cui IVA 0,22'),
    ).toBe(240);
    expect(total('Kaas 4,99\nStatiegeld 0,15\nTOTAAL € 5,14\nPIN 5,14')).toBe(514);
    expect(total('Pão 0,90\nTotal a pagar 0,90 €\nDinheiro 1,00\nTroco 0,10')).toBe(90);
  });

  it('takes the amount after a cash rounding line', () => {
    const text = [
      'TOTAAL € 97,39',
      'Afronding 0,01',
      'Te betalen € 97,40',
      'Contant 100,00',
      'Wisselgeld 2,60',
    ];
    expect(total(text.join('\n'))).toBe(9740);
  });

  it('backs the total with the gross sum of a tax table', () => {
    const text = [
      'SUMME 24,23',
      'Kartenzahlung 24,23',
      'MwSt% Netto MwSt Brutto',
      'A 19,0% 10,00 1,90 11,90',
      'B 7,0% 11,52 0,81 12,33',
      'Summe 21,52 2,71 24,23',
    ].join('\n');
    const result = extractTotal(toTextLines(text), { decimalMark: ',' });
    expect(result.cents).toBe(2423);
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the total from the order of amounts when OCR split labels from amounts', () => {
    // Labels read as one column, amounts as another: no amount keeps its label.
    const text = [
      'Milch 3,5% 1L',
      'Brot',
      'SUMME',
      'Gegeben BAR',
      'Rückgeld',
      '1,29 A',
      '2,49 B',
      '3,78',
      '50,00',
      '46,22',
    ].join('\n');
    expect(total(text)).toBe(378);
  });

  it('takes the total after tax over a "total" before it', () => {
    const text = [
      'Total Amount : 155.50',
      'GST 6% 9.31',
      'Rounding Adj : ~0.01',
      'TOTAL: RM 164.80',
    ];
    expect(total(text.join('\n'))).toBe(16480);
  });

  it('reads a Spanish total after its base and tax as a total, not a tax table row', () => {
    const spanish = 'BAR PEPE\nBase imponible 21,27\nIVA 10% 2,13\nTOTAL 23,40 €';
    const read = extractTotal(toTextLines(spanish, undefined), { decimalMark: ',' });
    expect(read.cents).toBe(2340);
    expect(read.basis).toMatch(/^labelled/);
    // A tax table's own total row, several amounts on it, stays in the table.
    const table = 'GST Summary Amount Tax\nSR 6% 20.00 1.20\nTotal 20.00 1.20\nTOTAL PAYABLE 21.20';
    expect(total(table)).toBe(2120);
  });

  it('is less sure when another amount is almost as likely', () => {
    const sure = extractTotal(toTextLines('SUMME 12,00\nEC-Cash 12,00'));
    const unsure = extractTotal(toTextLines('Gesamt 12,00\nBetrag 14,00'));
    expect(unsure.confidence).toBeLessThan(sure.confidence);
  });

  it('takes the card charge over a "total" that is the net before VAT', () => {
    const text = [
      '1 Latte 3.45',
      '1 Muffin 4.60',
      'Credit/Debit 9.35',
      '1.30 VAT TTL 9.35',
      'Net TTL 8.05',
      'Payment 9.35',
    ].join('\n');
    expect(total(text)).toBe(935);
  });

  it('takes the total over a "Net Total" that the tax printed above it turns into it', () => {
    // A Barcelona hotel's bill: the tax line first, then the net, then the total.
    const lines = ['1 Burrata 16,00', '2 Solomillo 44,00', 'IVA 10% 5,63', 'Net Total: 56,32'];
    expect(total([...lines, 'Total 61,95'].join('\n'))).toBe(6195);
    // Photographed at an angle, OCR glued the tax to its word and printed the euro as an "e".
    const glued = ['1 Burrata 16,00', '5,63IVA 10% 61,95', 'Net Total: 56,32', 'Total 61.95e'];
    expect(total(glued.join('\n'))).toBe(6195);
  });

  it('reads the card payment line as the amount paid when no total word is printed', () => {
    expect(total('Brot 2,49\nMilch 1,19\nKartenzahlung 3,68\nMwSt 7% 0,24')).toBe(368);
    expect(total('Brot 2,49\nMilch 1,19\nEC-Cash EUR 3,68')).toBe(368);
  });

  it('books the bill, not the total with a suggested tip', () => {
    const text = ['Total 100,300', 'PROP.SUGERIDA 10%: 10,030', 'Total c/Propina 110,330'].join(
      '\n',
    );
    expect(extractTotal(toTextLines(text), { wholeUnits: true }).cents).toBe(10_030_000);
  });

  it('reads a whole-unit amount after a label colon', () => {
    const text = 'Pump ID :13\nAmount :30000. Rp\nRate :12810. Rp';
    expect(extractTotal(toTextLines(text), { wholeUnits: true }).cents).toBe(3_000_000);
  });
});

describe('extractTotal on refunds', () => {
  it('doubts a refund, which is money back and no expense', () => {
    const refund = 'TARGET\nRETURN\nTOTAL -13.90\nREFUND TO VISA 13.90';
    const read = extractTotal(toTextLines(refund));
    expect(read).toMatchObject({ cents: 1390, basis: 'labelled, alone, refund' });
    expect(read.confidence).toBeLessThan(0.7);
    const erstattung = extractTotal(toTextLines('REWE\nSUMME EUR 4,99\nErstattung bar 4,99'));
    expect(erstattung.basis).toContain('refund');
    const fare = extractTotal(toTextLines('AIRLINE\nTOTAL 120.00\nNon-refundable fare 120.00'));
    expect(fare.basis).not.toContain('refund');
    // A deposit refunded inside a purchase is no refund of it.
    const pfand = extractTotal(
      toTextLines('REWE\nPfanderstattung -0,25\nSUMME EUR 4,74\nBAR 4,74'),
    );
    expect(pfand.basis).toBe('labelled, backed');
  });
});

describe('extractTotal on real-receipt conventions (issue 27)', () => {
  const whole = (text: string) =>
    extractTotal(toTextLines(text), { wholeUnits: true, decimalMark: null });

  it('reads the total words of Japanese and Korean receipts', () => {
    expect(
      whole('パン ¥240\n牛乳 ¥198\n小計 ¥438\n合計 ¥473\nお預り ¥1,000\nお釣 ¥527').cents,
    ).toBe(47300);
    expect(whole('라면 4,500\n김치 3,200\n합계 7,700\n할인 -700\n결제금액 7,000').cents).toBe(
      700000,
    );
  });

  it('takes the largest amount less the discount after it as the total', () => {
    expect(whole('TEA 40,000\nCAKE 35,000\n75,000\n7,500\n67,500\nCASH 100,000').cents).toBe(
      6750000,
    );
  });

  it('reads a tax that a shifted label calls the amount due from its rate', () => {
    const text = ['Burger 12.40', 'Fries 4.10', '16.50', 'TAX 8.00%', 'Amount Due 1.32', '17.82'];
    expect(total(text.join('\n'))).toBe(1782);
  });

  it('books the bill a suggested tip is computed on', () => {
    const text = ['Beer 24,000', 'Food 60,000', '84,000', 'PROPINA SUGERIDA 10%: 8,400'];
    expect(whole(text.join('\n')).cents).toBe(8400000);
  });

  it('pairs a column of labels with the column of amounts after it', () => {
    expect(total('Bread 2.10\nMilk 3.40\nTOTAL\nCASH\nCHANGE\n5.50\n10.00\n4.50')).toBe(550);
  });

  it('takes a total paid in two parts over the parts', () => {
    expect(total('Soap 1.20\nRice 8.80\nTOTAL 10.00\nCARD 5.00\nCARD 5.00')).toBe(1000);
  });

  it('does not read a unit price, a zero or a masked card number as the total', () => {
    expect(total('TOTAL LEI 10.99\nCARD 10.99\nREST 0.00\nTOTAL TVA 0.91')).toBe(1099);
    expect(total('Apples 0.64 @ $12.99 $8.31\nTotal $8.31')).toBe(831);
    expect(whole('합계 12,000\n5512******7788\n카드 12,000').cents).toBe(1200000);
  });

  it('is unsure of a total that an item before it exceeds', () => {
    const result = extractTotal(toTextLines('Steak 45.00\nWine 60.00\nTotal 9.50\nThanks'));
    expect(result.confidence).toBeLessThan(0.7);
  });
});
