import { describe, expect, it } from '@jest/globals';
import { extractFields } from './extract-fields.js';

// Receipt texts written for these tests (invented shops and numbers), in the styles OCR returns:
// US, UK, EU and Malaysian layouts, including the spacing and glyph slips engines make.

const US_GROCERY = `WHOLE HARVEST MARKET LLC
1840 Mission Street
San Francisco, CA 94103
(415) 555-0142
Store #0217 Reg 04 Trn 8812
03/14/2024 06:42 PM
ORGANIC BANANAS 2.41 lb @ 0.79 1.90
OAT MILK 64OZ 4.99
SOURDOUGH LOAF 6.49
SUBTOTAL 13.38
SALES TAX 8.625% 0.56
TOTAL $13.94
VISA ************4417 $13.94
CHANGE DUE $0.00
THANK YOU FOR SHOPPING WITH US`;

const US_RESTAURANT = `Blue Door Diner
220 W 4th St, Austin, TX 78701
Tel 512-555-0199
Server: Maria Table 12
Date: Jan 5, 2024 7:31 PM
2 Pancake Stack 23.00
1 Coffee 3.50
Subtotal 26.50
Tax 2.19
Tip 5.00
Amount Due $33.69
Thank you!`;

const UK_CAFE = `The Copper Kettle Ltd
14 High Street
Bath BA1 5AW
VAT No: GB 123 4567 89
Tel: 01225 555123
21/02/2024 12:05
Flat White £3.20
Cheese Scone £2.95
Bottled Water £1.60
TOTAL £7.75
Card Payment £7.75
Thank you for visiting`;

const EU_SUPERMARKET = `FRISCHMARKT GMBH
Hauptstraße 12
10115 Berlin
USt-IdNr: DE123456789
Datum: 08.03.2024 14:22
Vollkornbrot 2,49
Bio Milch 1,19
Käse Gouda 4,79
Summe EUR 8,47
Gegeben Bar 10,00
Rückgeld 1,53
Vielen Dank`;

const MY_HARDWARE = `MEGA JAYA HARDWARE SDN BHD
(1234567-K)
NO. 12, JALAN INDUSTRI 3/5,
TAMAN PERINDUSTRIAN MAJU,
47100 PUCHONG, SELANGOR.
TEL : 03-8061 2345
GST REG NO : 001234567890
TAX INVOICE
INVOICE NO : CS00012345
DATE : 07/11/2017 10:15:22 AM
CASHIER : AMIRAH
QTY DESCRIPTION PRICE AMOUNT
2 PVC PIPE 1/2" 4.50 9.00 SR
1 WALL PLUG 6MM 3.30 3.30 SR
TOTAL QTY: 3
TOTAL SALES (INCLUSIVE OF GST) 12.30
ROUNDING ADJ -0.00
TOTAL AFTER ROUNDING RM 12.30
CASH 20.00
CHANGE 7.70
GST SUMMARY AMOUNT(RM) TAX(RM)
SR @ 6% 11.60 0.70
GOODS SOLD ARE NOT RETURNABLE`;

/** Paddle-style: spaces dropped between words, full-width colons, a time glued to the year. */
const MY_RESTAURANT_PADDLE = `RESTORANMAJUJAYA
NO.8,JALANPUDU,55100KUALALUMPUR
TEL：03-2145 6789
CASHBILL
Date：14/03/20189:21:07PM
1 NASILEMAKAYAM 9.50
2 TEHTARIK 4.40
Total： 13.90
Rounding： 0.00
Roundd Total(RM)： 13.90
CASH 50.00
CHANGE 36.10
THANKYOU`;

/** Tesseract-style: a stray handwritten note on top, a split decimal and an O read for 0. */
const MY_BOOKSHOP_TESSERACT = `ali
KEDAI BUKU CAHAYA (KLANG) SDN BHD
(998877-T)
LOT 5, JALAN MERU,
41050 KLANG
Doc No : CB01122
Date : 02-01-18 13:02
BUKU LATIHAN A4 3.9O
PEN BIRU 2X 2.40
Total : 6. 30
Rounding Adjustment : 0.00
Rounded Total (RM): 6.30
Cash 10.00
Change 3.70`;

const referenceDate = new Date('2024-06-01T00:00:00Z');

describe('extractFields', () => {
  it.each([
    ['US grocery', US_GROCERY, 'WHOLE HARVEST MARKET', 13.94, '2024-03-14', 'USD'],
    ['US restaurant', US_RESTAURANT, 'Blue Door Diner', 33.69, '2024-01-05', 'USD'],
    ['UK cafe', UK_CAFE, 'The Copper Kettle', 7.75, '2024-02-21', 'GBP'],
    ['EU supermarket', EU_SUPERMARKET, 'FRISCHMARKT', 8.47, '2024-03-08', 'EUR'],
    ['MY hardware', MY_HARDWARE, 'MEGA JAYA HARDWARE SDN BHD', 12.3, '2017-11-07', 'MYR'],
    [
      'MY restaurant (Paddle text)',
      MY_RESTAURANT_PADDLE,
      'RESTORANMAJUJAYA',
      13.9,
      '2018-03-14',
      'MYR',
    ],
    [
      'MY bookshop (tesseract text)',
      MY_BOOKSHOP_TESSERACT,
      'KEDAI BUKU CAHAYA (KLANG) SDN BHD',
      6.3,
      '2018-01-02',
      'MYR',
    ],
  ])('reads a %s receipt', (_name, text, vendor, total, date, currency) => {
    const fields = extractFields(text, { referenceDate });
    expect(fields).toMatchObject({ vendor, total, date, currency });
    expect(fields.confidence.overall).toBeGreaterThan(0.6);
    expect(fields.confidence.overall).toBeLessThanOrEqual(1);
  });

  it('reads an ambiguous date month first for an en-US locale and day first otherwise', () => {
    const text = 'CORNER DELI INC\nDate 03/04/2024\nTOTAL 5.00';
    expect(extractFields(text, { locale: 'en-US', referenceDate }).date).toBe('2024-03-04');
    expect(extractFields(text, { locale: 'en-GB', referenceDate }).date).toBe('2024-04-03');
  });

  it('reads a Thai receipt’s Buddhist-era date, and no other country’s', () => {
    const thai = 'SMART TRAVEL\nTAX INVOICE (ABB)\nวันที่ 02/11/2566 08:00\nรวมทั้งสิ้น 890.00';
    expect(extractFields(thai, { referenceDate }).date).toBe('2023-11-02');
    const elsewhere = 'CORNER DELI INC\nBoston, MA 02110\nDate 02/11/2566 08:00\nTOTAL 5.00';
    expect(extractFields(elsewhere, { referenceDate }).date).toBeNull();
    // Nothing else names a country: only Thailand prints such years (2567 is 2024).
    const english = 'Tops Market\nDate 05/03/2567 Time 10:11\nTOTAL 84.00 THB';
    expect(extractFields(english, { referenceDate }).date).toBe('2024-03-05');
  });

  it('doubts a Canadian short date whose first part may be the year', () => {
    // "24/03/15": 24 March 2015 day first, 15 March 2024 year first, as some Canadian tills print.
    const canadian = 'SUPERSTORE\nEdmonton AB T5J 2R4\n24/03/15 18:22\nTOTAL 12.47';
    const fields = extractFields(canadian, { referenceDate: new Date('2026-11-25T12:00:00Z') });
    expect(fields.basis?.date).toBe('date, order unsure');
    expect(fields.confidence.date).toBeLessThan(0.7);
    // A four-digit year says which part it is.
    const dated = canadian.replace('24/03/15', '2024/03/15');
    expect(extractFields(dated, { referenceDate }).confidence.date).toBeGreaterThan(0.9);
  });

  it('reads short dates year first where the country writes them so', () => {
    const at = { referenceDate: new Date('2026-11-25T12:00:00Z') };
    // Korea, Japan, China and Hungary: "24.03.15" is 15 March 2024 (it was 24 March 2015, 0.99).
    expect(extractFields('GS25\n서울특별시\n합계 5,400원\n24.03.15 14:22', at).date).toBe(
      '2024-03-15',
    );
    expect(extractFields('ローソン\n合計 ¥1,280\n24/03/15 14:22', at).date).toBe('2024-03-15');
    expect(extractFields('收银员 03\n合计 ¥56.00\n24-03-15 12:30', at).date).toBe('2024-03-15');
    expect(extractFields('SPAR\nBudapest\nÖSSZESEN 1 158 Ft\n24.03.15', at).date).toBe(
      '2024-03-15',
    );
    // A four-digit year is no short date.
    expect(extractFields('GS25\n서울특별시\n합계 5,400원\n15.03.2024', at).date).toBe('2024-03-15');
    // South Africa prints both: in doubt, as in Canada.
    const southAfrican = extractFields('Pick n Pay\nCape Town\nTOTAL R 43.49\n24/03/15 14:22', at);
    expect(southAfrican.basis?.date).toBe('date, order unsure');
  });

  it.each([
    [
      'a Bulgarian receipt of 2026 in euros, its levs beside them',
      [
        'ФАНТАСТИКО',
        'ЕИК 121234567',
        'Дата: 15.03.2026 10:22',
        'Хляб 1,28 € / 2,50 лв.',
        'Мляко 1,53 € / 2,99 лв.',
        'ОБЩА СУМА 2,81 € 5,49 лв.',
      ],
      { total: 2.81, currency: 'EUR', date: '2026-03-15' },
    ],
    [
      'a Bulgarian receipt of 2025 in levs, its euros beside them',
      ['BILLA', 'ЕИК 831902088', '15.09.2025', 'ОБЩА СУМА 24,45 лв. 12,50 €'],
      { total: 24.45, currency: 'BGN', date: '2025-09-15' },
    ],
    [
      'a Croatian receipt of January 2023, its kunas on a line of their own',
      ['KONZUM', 'OIB 29955634590', '15.01.2023', 'UKUPNO 10,00 EUR', 'UKUPNO 75,35 kn'],
      { total: 10, currency: 'EUR', date: '2023-01-15' },
    ],
    [
      'a Canadian receipt with its US dollars below',
      ['TIM HORTONS', 'Toronto ON M5V 2T6', '2025-03-15', 'TOTAL $8.45', 'US$ 6.10'],
      { total: 8.45, currency: 'CAD', date: '2025-03-15' },
    ],
    [
      'a duty-free receipt with its dollars below',
      ['DUTY FREE', 'Frankfurt Airport', '15.03.2025', 'TOTAL 45,00 EUR', 'USD 48,60'],
      { total: 45, currency: 'EUR', date: '2025-03-15' },
    ],
  ])('takes the total in the receipt’s currency on %s', (_, lines, expected) => {
    // Each took the amount in the other currency (5,49 lev as euros; 75,35 kuna as euros).
    const at = new Date('2026-11-25T12:00:00Z');
    expect(extractFields(lines.join('\n'), { referenceDate: at })).toMatchObject(expected);
  });

  it.each([
    [
      'a Kuwaiti receipt (the country, no sign)',
      [
        'THE SULTAN CENTER',
        'Salmiya, Kuwait',
        '12/11/2026',
        'Milk 1.250',
        'Bread 0.350',
        'TOTAL 1.600',
        'CASH 2.000',
        'CHANGE 0.400',
      ],
      { total: 1.6, currency: 'KWD' },
    ],
    [
      'an Omani receipt (the rial in letters)',
      ['LULU', '12/11/2026', 'Dates 1.250', 'Laban 0.375', 'TOTAL R.O. 1.625'],
      { total: 1.63, currency: 'OMR' },
    ],
    [
      'a Tunisian receipt (a decimal comma)',
      ['MONOPRIX', 'Tunis', '12/11/2026', 'Lait 1,250', 'Pain 0,350', 'NET A PAYER 1,600 DT'],
      { total: 1.6, currency: 'TND' },
    ],
  ])('reads three decimals as dinars and fils on %s', (_, lines, expected) => {
    // Each was read as 1,600 in thousands (the dinar unknown, its fils taken for thousands).
    const at = new Date('2026-11-25T12:00:00Z');
    expect(extractFields(lines.join('\n'), { referenceDate: at })).toMatchObject(expected);
  });

  it('reads fils by the account’s currency when the receipt names none', () => {
    const text = 'SUPERMARKET\n12/11/2026\nMilk 1.250\nBread 0.350\nTOTAL 1.600\nCASH 2.000';
    const at = new Date('2026-11-25T12:00:00Z');
    // The currency stays unread (the account's is assumed later, and flagged); its fils are not
    // taken for thousands.
    expect(extractFields(text, { referenceDate: at, locale: 'ar-KW' })).toMatchObject({
      total: 1.6,
      currency: null,
    });
    // Elsewhere the same unmarked amounts are grouped thousands, as in dong or rupiah.
    expect(extractFields(text, { referenceDate: at, locale: 'en-US' }).total).toBe(1600);
  });

  it('returns nulls and zero confidence for text without receipt fields', () => {
    const fields = extractFields('', { referenceDate });
    expect(fields).toEqual({
      vendor: null,
      total: null,
      date: null,
      currency: null,
      taxAmount: null,
      taxLines: [],
      confidence: { vendor: 0, total: 0, date: 0, currency: 0, tax: 0, overall: 0 },
      basis: { vendor: null, total: null, date: null },
      boxes: { vendor: null, total: null, date: null, currency: null, tax: null },
    });
  });

  it('lowers the confidence of a field whose OCR line was unsure', () => {
    const text = 'ACME TRADING SDN BHD\n12/05/2023\nTOTAL 10.00';
    const sure = extractFields(text, { referenceDate });
    const unsure = extractFields(text, {
      referenceDate,
      lines: [
        { text: 'ACME TRADING SDN BHD', confidence: 0.95 },
        { text: '12/05/2023', confidence: 0.95 },
        { text: 'TOTAL 10.00', confidence: 0.3 },
      ],
    });
    expect(unsure.total).toBe(10);
    expect(unsure.confidence.total).toBeLessThan(sure.confidence.total);
  });

  it('keeps amounts exact to the cent', () => {
    const text = 'SHOP LTD\nTOTAL 1,234,567.89\n01/01/2024';
    expect(extractFields(text, { referenceDate }).total).toBe(1234567.89);
  });

  it('reads a German receipt: decimal commas, zu zahlen, cash given and change, tax table', () => {
    const text = [
      'Frischmarkt Özdemir',
      'Warburger Straße 130',
      '33098 Paderborn',
      'USt-IdNr. DE123456789',
      'EUR',
      'Vollkornbrot 500g 2,49 B',
      'Mineralwasser 0,69 B',
      'Pfand 0,25 A',
      'Duschgel 1,95 A',
      'Rabatt -0,50 A',
      'zu zahlen EUR 4,88',
      'BARGELD 10,00',
      'ZURÜCK 5,12',
      'MwSt% Netto MwSt Brutto',
      'A 19,0% 1,42 0,28 1,70',
      'B 7,0% 2,97 0,21 3,18',
      '04.03.24 18:12 Bon 0815',
      'Umtausch bis 01.04.24',
    ].join('\n');
    const fields = extractFields(text, { referenceDate });
    expect(fields).toMatchObject({ total: 4.88, date: '2024-03-04', currency: 'EUR' });
    expect(fields.confidence.total).toBeGreaterThanOrEqual(0.9);
  });

  it('reads a French receipt with narrow no-break spaces and the euro after the amount', () => {
    const text = [
      'Bricolage Dupont',
      '12 rue de la République',
      '69002 Lyon',
      'Le 03/04/2024 à 10:12',
      'Perceuse sans fil 1\u202f089,00 B',
      'Total HT 907,50',
      'Total TVA 181,50',
      'TOTAL TTC 1\u202f089,00 €',
      'CB SANS CONTACT 1\u202f089,00',
    ].join('\n');
    expect(extractFields(text, { referenceDate })).toMatchObject({
      total: 1089,
      date: '2024-04-03',
      currency: 'EUR',
    });
  });

  it('takes no Brazilian receipt’s approximate taxes for its total when OCR lost the total', () => {
    // The amount column of "VALOR A PAGAR R$ 31,40" did not come out: the total is not read,
    // rather than the tax a law makes every NFC-e print under it.
    const text = [
      'SUPERMERCADO BOA VISTA LTDA',
      'CNPJ 12.345.678/0001-90',
      'Arroz 5kg 22,90',
      'Feijao 1kg 8,50',
      'VALOR A PAGAR R$',
      'Total aproximado de tributos R$ 4,15 (13,2%)',
      'Trib aprox R$ 3,98 Federal, R$ 7,34 Estadual',
      '05/03/2024 10:12',
    ].join('\n');
    const fields = extractFields(text, { referenceDate });
    expect(fields.total).not.toBe(4.15);
    expect(fields.total).not.toBe(7.34);
    expect(fields.confidence.total).toBeLessThan(0.7);
  });

  it('reads 03/04/2024 month first on a dollar receipt with a US address, whatever the locale', () => {
    const text = 'CORNER DELI INC\n18 Main St\nSpringfield, IL 62704\nDate 03/04/2024\nTOTAL $5.00';
    const fields = extractFields(text, { locale: 'de-DE', referenceDate });
    expect(fields).toMatchObject({ date: '2024-03-04', currency: 'USD' });
  });

  it('reads 03/04/2024 day first on a euro receipt, even for an en-US account', () => {
    const text = 'Farmacia Ortega\nNIF: B12345678\nFecha: 03/04/2024\nTotal a pagar 5,00 €';
    expect(extractFields(text, { locale: 'en-US', referenceDate })).toMatchObject({
      date: '2024-04-03',
      currency: 'EUR',
      total: 5,
    });
  });

  it('reads "1.234" by the way the other amounts on the receipt are written', () => {
    const euro = 'Elektro Kessler\nFernseher 1.234,00\nSUMME EUR 1.234\nEC-Cash 1.234,00';
    expect(extractFields(euro, { referenceDate }).total).toBe(1234);
  });

  it('keeps a Malaysian receipt in ringgit', () => {
    const text =
      'KEDAI RUNCIT AH HOCK\nJALAN PUDU\n15/05/2024\nTOTAL (RM) 12.30\nCASH 20.00\nCHANGE 7.70';
    expect(extractFields(text, { locale: 'en-US', referenceDate })).toMatchObject({
      currency: 'MYR',
      total: 12.3,
      date: '2024-05-15',
    });
  });

  it.each([
    [
      'a discounter: tax table with the tax before the net, negative change',
      [
        'Discount Markt',
        'Gouda jung 2,29 A',
        'Bier 6x0,5 4,74 B',
        'Pfand 1,50 B',
        'Plus Rabatt -0,30 A',
        'zu zahlen 8,23',
        'Bar 20,00',
        'Rückgeld -11,77',
        'MWST% MWST + Netto = Brutto',
        'A 7% 0,13 1,86 1,99',
        'B 19% 1,00 5,24 6,24',
        'Summe 1,13 7,10 8,23',
        '12.03.24 14:33 4711 2 0815/123',
      ],
      8.23,
    ],
    [
      'a supermarket with a card slip after the tax table',
      [
        'Markt Hauptstr. 5',
        'KAFFEE CREMA 8,99 B',
        'SPUELMITTEL 1,29 A',
        'SUMME EUR 10,28',
        'Geg. EC-Cash EUR 10,28',
        'Steuer % Netto Steuer Brutto',
        'A= 19,0% 1,08 0,21 1,29',
        'B= 7,0% 8,40 0,59 8,99',
        'Gesamtbetrag 9,48 0,80 10,28',
        'Kartenzahlung girocard',
        'Betrag EUR 10,28',
        'Datum 12.03.2024 Uhrzeit 14:33:12 Uhr',
      ],
      10.28,
    ],
    [
      'an electronics store: thousands, VAT included',
      [
        'Mo Datum Uhrzeit',
        'Fernseher 55 Zoll 1.299,00',
        'HDMI Kabel 19,99',
        'Gesamtbetrag EUR 1.318,99',
        'inkl. 19% MwSt 210,59',
        'EC-Karte 1.318,99',
        '12.03.2024 14:33',
      ],
      1318.99,
    ],
  ])('reads a German receipt of %s', (_, lines, expected) => {
    const fields = extractFields(lines.join('\n'), { referenceDate });
    expect(fields).toMatchObject({ total: expected, date: '2024-03-12', currency: 'EUR' });
  });
});

describe('extractFields boxes', () => {
  // One engine line per text line, 40 px apart; the TOTAL line is split in two engine lines.
  const engineLines = US_GROCERY.split('\n').flatMap((text, row) => {
    const y = 10 + row * 40;
    if (!text.startsWith('TOTAL '))
      return [{ text, confidence: 0.9, box: { x: 20, y, width: 300, height: 30 } }];
    return [
      { text: 'TOTAL', confidence: 0.9, box: { x: 20, y, width: 80, height: 30 } },
      { text: '$13.94', confidence: 0.9, box: { x: 400, y: y + 2, width: 90, height: 30 } },
    ];
  });

  it('keeps the box of the line each field was read from', () => {
    const fields = extractFields(US_GROCERY, {
      lines: engineLines,
      referenceDate: new Date('2024-06-01'),
    });
    expect(fields.vendor).toBe('WHOLE HARVEST MARKET');
    expect(fields.boxes?.vendor).toEqual({ x: 20, y: 10, width: 300, height: 30 });
    // Line 6 (03/14/2024) and the two halves of the TOTAL line (11) joined.
    expect(fields.boxes?.date).toEqual({ x: 20, y: 10 + 5 * 40, width: 300, height: 30 });
    expect(fields.boxes?.total).toEqual({ x: 20, y: 10 + 11 * 40, width: 470, height: 32 });
    // The "$" of the TOTAL line (the card line after it prints one too).
    expect(fields.currency).toBe('USD');
    expect(fields.confidence.currency).toBe(0.7);
    expect(fields.boxes?.currency).toEqual(fields.boxes?.total);
  });

  it('reads amounts and dates written in Arabic-Indic and Persian digits', () => {
    const saudi = 'سوبرماركت النخيل\nالرياض\nالإجمالي ١٢٣٫٥٠ ر.س\nالتاريخ ١٥/٠٣/٢٠٢٤';
    expect(extractFields(saudi, { referenceDate })).toMatchObject({
      total: 123.5,
      date: '2024-03-15',
      currency: 'SAR',
    });
    expect(extractFields('TOTAL ۱۲۳.۵۰ AED\n۱۵/۰۳/۲۰۲۴', { referenceDate })).toMatchObject({
      total: 123.5,
      date: '2024-03-15',
    });
  });

  it('has no boxes when the engine gave none', () => {
    const fields = extractFields(US_GROCERY, { referenceDate: new Date('2024-06-01') });
    expect(fields.boxes).toEqual({
      vendor: null,
      total: null,
      date: null,
      currency: null,
      tax: null,
    });
  });
});
