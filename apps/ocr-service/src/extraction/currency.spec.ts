import { describe, expect, it } from '@jest/globals';
import { currencyLine, currencyMarks, datedCurrency, extractCurrency } from './currency.js';
import { extractFields } from './extract-fields.js';

describe('extractCurrency', () => {
  it.each([
    ['TOTAL RM 12.30', 'MYR'],
    ['Total (RM) 9.00', 'MYR'],
    ['TOTAL $13.94', 'USD'],
    ['TOTAL S$13.94', 'SGD'],
    ['ABC PTE LTD\nSINGAPORE 018956\nTOTAL $5.00', 'SGD'],
    ['ACME PTY LTD ABN 12 345 678 901\nTOTAL $5.00', 'AUD'],
    ['UNIHAKKA SDN BHD\nTotal Amount $8.20', 'MYR'],
    ['TOTAL £7.75', 'GBP'],
    ['Summe EUR 8,47', 'EUR'],
    ['TOTAL 8,47 €', 'EUR'],
    ['MEGA SDN BHD\nTOTAL 5.00', 'MYR'],
  ])('reads %s as %s', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it('is unsure rather than guessing without any evidence', () => {
    expect(extractCurrency('TOTAL 5.00')).toEqual({ value: null, confidence: 0, marker: null });
  });

  it.each([
    ['Valor total R$ 12,90', 'BRL'],
    ["Total CHF 1'234.50", 'CHF'],
    ['TOTAL 5.00 USD', 'USD'],
    ['Total ₹ 450.00', 'INR'],
  ])('reads %s as %s', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it('keeps a euro receipt in euros when OCR makes a "$" of a smudge', () => {
    const text = 'Drogerie Brandt\nUSt-IdNr. DE123456789\nSUMME 24,23\nBAR $0,00';
    expect(extractCurrency(text, { decimalMark: ',' }).value).toBe('EUR');
  });

  it('prefers the currency of the printed country over a stray symbol', () => {
    const text = 'MEGA SDN BHD\nTel 09-222 £498\nALL AMOUNTS ARE IN RM\nTOTAL 38.37 £.90';
    expect(extractCurrency(text).value).toBe('MYR');
  });

  it('reads the currency from the country and, last, from the locale', () => {
    expect(extractCurrency('Bakkerij de Vries\nBTW NL123456789B01\nTOTAAL 5,14').value).toBe('EUR');
    expect(extractCurrency('TOTAL 5,14', { decimalMark: ',', locale: 'de-DE' })).toEqual({
      value: 'EUR',
      confidence: 0.4,
      marker: null,
      assumed: true,
    });
    expect(extractCurrency('TOTAL $5.00', { locale: 'en-CA' }).value).toBe('CAD');
    expect(extractCurrency('zu zahlen 8,23\nMWST% MWST + Netto', { decimalMark: ',' })).toEqual({
      value: 'EUR',
      confidence: 0.4,
      marker: null,
    });
    expect(extractCurrency('TOTAL 8.23\nVAT 1.37', { decimalMark: '.' }).value).toBeNull();
  });
});

describe('extractCurrency past a conversion line', () => {
  it("does not take the currency a total is converted into for the receipt's", () => {
    const swiss = 'Berghotel\nTotal: CHF 54.50\nEntspricht in Euro 36.33 EUR';
    expect(extractCurrency(swiss).value).toBe('CHF');
    // The francs lost by OCR: the euros of the conversion are still not the bill's money.
    expect(
      extractCurrency('Berghotel\nTotal: OF 54.50\nEntsoricht In Euro 36.33EUR').value,
    ).toBeNull();
    expect(extractCurrency('TOTAL USD 12.00\nExchange rate 1 USD = 0.92 EUR').value).toBe('USD');
  });

  it('still reads a receipt that prints its own currency on a line of its total', () => {
    expect(extractCurrency('Gesamtbetrag in EUR 12,34').value).toBe('EUR');
  });
});

describe('currencyLine', () => {
  const lineOf = (text: string, totalLine: number | null, hints = {}) => {
    const lines = text.split('\n');
    return currencyLine(lines, extractCurrency(text, hints).marker, totalLine);
  };

  it('points at the symbol on the total line rather than an earlier one', () => {
    const text = 'CORNER DELI\nCoffee $3.50\nTOTAL $3.50';
    expect(lineOf(text, 2)).toBe(2);
  });

  it('points at the line printing the code when the total line has none', () => {
    const text = 'HIGH STREET BOOKS\nAll prices in GBP\nTOTAL 12.00';
    expect(extractCurrency(text).value).toBe('GBP');
    expect(lineOf(text, 2)).toBe(1);
    // Lower-case print is matched as the reader matched it, upper-cased.
    expect(lineOf('Book 12.00\ntotal 12.00 eur', 1)).toBe(1);
  });

  it('has no line for a currency inferred rather than printed', () => {
    expect(lineOf('Bakkerij de Vries\nBTW NL123456789B01\nTOTAAL 5,14', 2)).toBeNull();
    expect(lineOf('TOTAL 5,14', 0, { decimalMark: ',', locale: 'de-DE' })).toBeNull();
    // A "$" OCR made of a smudge on a euro receipt is not where the euros were read.
    const euro = 'Drogerie Brandt\nUSt-IdNr. DE123456789\nSUMME 24,23\nBAR $0,00';
    expect(lineOf(euro, 2, { decimalMark: ',' })).toBeNull();
  });

  it('is not thrown by a global pattern used on line after line', () => {
    const text = 'RM 1.00\nRM 2.00\nTOTAL RM 3.00';
    expect(lineOf(text, 2)).toBe(2);
    expect(lineOf(text, null)).toBe(0);
  });
});

describe('extractCurrency from evidence, per convention', () => {
  it.each([
    // Symbols and local abbreviations.
    ['Celkem 569,00 Kč', 'CZK'],
    ['RAZEM PLN 45,99', 'PLN'],
    ['SUMA 45,99 zł', 'PLN'],
    ['Tổng cộng 145.000 ₫', 'VND'],
    ['Tổng cộng\nThanh toán 145.000 đ', 'VND'],
    ['TOPLAM ₺125,50', 'TRY'],
    ['Сума 120,00 ₴', 'UAH'],
    ['Сума 120,00 грн', 'UAH'],
    ['Valor total R$ 84,52', 'BRL'],
    ['TOTAL Rp 44.900', 'IDR'],
    ['TOTAL 30000. Rp', 'IDR'],
    ['합계 ₩22,670', 'KRW'],
    ['合計 ¥844', 'JPY'],
    ['合計 844円', 'JPY'],
    ['TOTAL ฿179.19', 'THB'],
    ['סה"כ 354.23 ₪', 'ILS'],
    ['TOTAL COP 100.300', 'COP'],
    ['Budapest\nÖsszesen 3 500 Ft', 'HUF'],
    ['BON FISCAL\nTOTAL 10,99 LEI', 'RON'],
    ['Tea 27.00 LE\nCoffee 35.00 LE\nTotal: 840.14LE', 'EGP'],
    // ISO 4217 codes, any of them.
    ['TOTAL 590.00 NPR', 'NPR'],
    ['TOTAL AED 45.00', 'AED'],
    ['TOTAL KES 1,200.00', 'KES'],
    ['TOTAL S/ 7.70', 'PEN'],
    ['TOTAL S/. 7.70', 'PEN'],
    ['الإجمالي 45.75 ر.س', 'SAR'],
    ['TOTAL KSh 1,250.00', 'KES'],
    // The dinars and Oman's rial: letters beside an amount (the weak ones where the country
    // agrees), their Arabic signs, the codes.
    ['TOTAL KD 1.600', 'KWD'],
    ['Total 12.350 KD', 'KWD'],
    ['Manama\nTotal BD 4.500', 'BHD'],
    ['Amman\nTotal JD 3.250', 'JOD'],
    ['Sfax\nNet à payer 12,500 DT', 'TND'],
    ['المجموع 4.500 د.ب', 'BHD'],
    ['TOTAL 1.625 R.O.', 'OMR'],
    ['الإجمالي 1.600 د.ك', 'KWD'],
    ['TOTAL 12.500 OMR', 'OMR'],
    ['Total ৳ 1,250.00', 'BDT'],
    ['Dhaka\nTotal Tk 1,250.00', 'BDT'],
    ['TOTAL ₡4.500', 'CRC'],
    ['TOTAL RD$ 1,250.00', 'DOP'],
    ['Итого 12 500 ₸', 'KZT'],
    ['ჯამი 12.50 ₾', 'GEL'],
    ['TOTAL GH₵ 85.00', 'GHS'],
    ['ИТОГО =456.70 руб', 'RUB'],
    ['Итого руб. 456,70', 'RUB'],
    ['Casablanca\nTOTAL 123,50 DH', 'MAD'],
    ['Dubai Mall\nTotal Dhs 45.50', 'AED'],
    ['Doha\nTOTAL QR 45.50', 'QAR'],
  ])('reads %s as %s', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it('does not read a code that is also a word or a street as money', () => {
    // "Cad." is a Turkish avenue: the receipt is Turkish, its lira printed nowhere.
    const turkish = 'Fırın\nAtatürk Cad. No: 146\nÇankaya / ANKARA\nTOPLAM *182,87\nTOPKDV *9,38';
    expect(extractCurrency(turkish).value).toBe('TRY');
    expect(extractCurrency('PLEASE TRY OUR NEW MENU\nTOTAL 5.00').value).toBeNull();
    expect(extractCurrency('Server: RON\nTOTAL 5.00').value).toBeNull();
    expect(extractCurrency('DRY RUB WINGS 12.99\nTOTAL 12.99').value).toBeNull();
    // Belarus's rouble; a dirham or a QR code where no country says which.
    expect(extractCurrency('ИТОГО 12,50 бел. руб').value).toBeNull();
    expect(extractCurrency('TOTAL 45.50 DH').value).toBeNull();
    expect(extractCurrency('Scan the QR 12.50\nTOTAL 12.50').value).toBeNull();
    // A house number before a street is no amount: "Ang Mo Kio" is no guilder.
    const singapore = 'Blk 123 Ang Mo Kio Ave 3\nSingapore 560123\nTOTAL $12.50';
    expect(extractCurrency(singapore).value).toBe('SGD');
    // A word's last letters glued to a "$" are no other country's dollar sign.
    expect(extractCurrency('NIT 833.499.733-0\nTOTAL A PAGAR$ 494.100').value).toBe('COP');
    expect(extractCurrency('Valor total R$ 84,52').value).toBe('BRL');
    // Beside an amount they still count.
    expect(extractCurrency('TOTAL CAD 12.50').value).toBe('CAD');
    expect(extractCurrency('TOPLAM 125,50 TRY').value).toBe('TRY');
    expect(extractCurrency('TOTAL 10,99 RON').value).toBe('RON');
    expect(extractCurrency('TOTAL ANG 12.50').value).toBe('ANG');
    expect(extractCurrency('TOTAL 5 000 XOF').value).toBe('XOF');
  });

  it('does not let a rare code beside one item outvote the country the receipt names', () => {
    // "Цукор 1кг 14.10" as OCR read it: "кг" became "lkr".
    const ukrainian = 'Кав’ярня\nтел. +380 59 954 8743\nLykop lkr 14.10 B\nCYMA 40.76';
    expect(extractCurrency(ukrainian).value).toBe('UAH');
    // With no country named, the code printed beside the total stands; a known country's
    // currency printed beside the total stands wherever the receipt seems to come from.
    expect(extractCurrency('TOTAL LKR 1,250.00').value).toBe('LKR');
    expect(extractCurrency('PANIFICIO S.R.L.\nTOTAL 10,99 RON').value).toBe('RON');
  });

  it('reads a bare "$" as the country’s own dollar beside another currency’s sign', () => {
    // Both were US dollars: the only sign counted was the conversion line's.
    const toronto = 'TIM HORTONS\nToronto ON M5V 2T6\nTOTAL $8.45\nUS$ 6.10';
    expect(extractCurrency(toronto)).toMatchObject({ value: 'CAD', confidence: 0.8 });
    const bogota = 'RESTAURANTE\nNIT 900.123.456-7\nTOTAL $ 494.100\nUSD 120.00';
    expect(extractCurrency(bogota).value).toBe('COP');
    // Where the dollar is not the country's, the sign printed stands.
    expect(extractCurrency('CAFE\n75001 Paris\nTVA 20%\nTOTAL $8.45\nUS$ 6.10').value).toBe('USD');
  });

  it('reads unmarked thousands as the country’s own money beside another currency’s code', () => {
    // Dollars (0.9) and 1.80 the total before: the only code printed was the courtesy line's.
    const hanoi = 'PHO 24\nMST 0301234567\nTong cong: 45.000\nUSD 1.80';
    expect(extractCurrency(hanoi)).toMatchObject({ value: 'VND', confidence: 0.8 });
    expect(extractFields(hanoi)).toMatchObject({ total: 45000, currency: 'VND' });
    // Amounts with cents are no such money: the code printed stands.
    expect(extractCurrency('PHO 24\nMST 0301234567\nTotal USD 12.50').value).toBe('USD');
  });

  it('reads the dollar of the shop’s address, whatever script or dishes it prints', () => {
    // Silently KRW, JPY and TRY (0.5) before: the script or a "Turkey Sub" named the country.
    expect(
      extractCurrency('서울식당\nLos Angeles, CA 90020\n비빔밥 15.99\nTotal $15.99').value,
    ).toBe('USD');
    expect(extractCurrency('らーめん\nSeattle, WA 98101\nTotal $14.00').value).toBe('USD');
    expect(extractCurrency('DELI\nBoston MA 02108\nTurkey Sub 9.99\nTotal $9.99').value).toBe(
      'USD',
    );
  });

  it('reads "Rs" as the rupee of the country that prints it', () => {
    const nepal =
      'Himalayan Java\nKathmandu\nTaxable Rs. 1,200.00\nVAT Rs. 156.00\nTotal Rs. 1,356.00';
    expect(extractCurrency(nepal).value).toBe('NPR');
    const india = 'Cafe\nGSTIN 29ABCDE1234F1Z5\nSub Rs. 120.00\nCGST Rs. 3.00\nTotal Rs. 126.00';
    expect(extractCurrency(india).value).toBe('INR');
  });

  it('reads "kr" as the crown of the Nordic country the receipt names, and no crown alone', () => {
    expect(extractCurrency('ICA Nära\nStorgatan 1\nTotalt 47,45 kr\nMoms 12% 5,08').value).toBe(
      'SEK',
    );
    expect(extractCurrency('Kiwi\n0555 Oslo\nSUM kr 64,80\nMVA 15% 8,45').value).toBe('NOK');
    expect(extractCurrency('Netto\nCVR 12345678\nI ALT 34,95 kr.').value).toBe('DKK');
    expect(extractCurrency('Shop\nTotal 47,45 kr').value).toBeNull();
    expect(extractCurrency('Bónus\nReykjavík\nSamtals 748 kr.').value).toBe('ISK');
    // Without a "kr", the country's own crown, unsure.
    expect(extractCurrency('REMA 1000\nOrg.nr 912 345 678 MVA\nSUM 64,80')).toMatchObject({
      value: 'NOK',
      confidence: 0.5,
    });
  });

  it('reads the yen sign as the yuan in China, and as the yen where kanji came out simplified', () => {
    expect(extractCurrency('星巴克\n深圳市南山区\n应付 ¥38.00\n支付宝 ¥38.00').value).toBe('CNY');
    // PaddleOCR prints a Japanese receipt's kanji in their simplified forms (东京都, 消费税).
    const japanese =
      'FamilyMart\n东京都国分寺市南町3-15-6\n2019年10月1日(火)\n(内消费税等 ¥70)\n¥1,044';
    expect(extractCurrency(japanese).value).toBe('JPY');
    expect(extractCurrency('TOTAL ¥1,280').value).toBe('JPY');
    // A Chinese restaurant abroad: its city's name is no sign of China, its `$` no yuan.
    expect(extractCurrency('上海小馆\n合计 $12.50')).toMatchObject({ value: 'USD', assumed: true });
    expect(extractCurrency('收银员 01\n找零 $2.50\n合计 $12.50').assumed).toBe(true);
    // `円` is the yen wherever the receipt seems to come from.
    expect(extractCurrency('收银员 01\n合計 1,280円').value).toBe('JPY');
  });

  it('reads "元" as the New Taiwan dollar in Taiwan and the yuan elsewhere', () => {
    expect(extractCurrency('全聯福利中心\n台北市信義區\n總計 120元').value).toBe('TWD');
    expect(extractCurrency('超市\n合计: 35.50元').value).toBe('CNY');
    // Traditional characters without a place: Taiwan's or Hong Kong's dollar, never the yuan.
    expect(extractCurrency('便利商店\n總計 85元\n現金 100元\n找零 15元').value).toBeNull();
  });

  it('reads "Rs" as the rupee of Pakistan and Sri Lanka there', () => {
    expect(extractCurrency('Imtiaz\nKarachi\nNTN 1234567-8\nTotal Rs. 1,250').value).toBe('PKR');
    expect(extractCurrency('Keells\nColombo 03\nTotal Rs. 1,250.00').value).toBe('LKR');
  });

  it("reads Ecuador's dollar as read, not assumed", () => {
    const ecuador = extractCurrency('Supermaxi\nRUC 1790012345001\nTOTAL $ 12.50');
    expect(ecuador).toMatchObject({ value: 'USD', confidence: 0.7 });
    expect(ecuador.assumed).toBeUndefined();
  });

  it('takes letters beside an amount once or twice for words, not money', () => {
    expect(extractCurrency('ST# 02 FT 5\nTOTAL $16.04').value).toBe('USD');
    expect(extractCurrency('2 LE CROISSANT 3.50\nTOTAL $9.35').value).toBe('USD');
    expect(extractCurrency('TK Maxx\nLondon\nTotal £12.50\nTK 123 4567').value).toBe('GBP');
  });

  it('does not read a code that is also a word without an amount beside it', () => {
    expect(extractCurrency('THANK YOU ALL\nTOP SELLER\nTOTAL 5.00').value).toBeNull();
    expect(extractCurrency('MEGA SDN BHD\nTOTAL 5.00').value).toBe('MYR');
    expect(extractCurrency('TOTAL 12.00 SAR').value).toBe('SAR');
    expect(extractCurrency('5p CUP 0.05\nBALANCE DUE 9.35').value).toBeNull();
    expect(extractCurrency('SSP CATERING\nTOTAL 9.35').value).toBeNull();
    // Beside an amount means on its line: not the word that starts the next one.
    expect(extractCurrency('Total 28,99\nLe ha atendido: Silvia').value).toBeNull();
  });

  it.each([
    // A bare "$" follows the country: Chile, Colombia, Mexico, Canada print it for their money.
    ['SUPERMERCADO\nR.U.T.: 76.123.456-7\nTOTAL $ 28.861', 'CLP'],
    ['Tienda Inglesa\nRUT 211234560018\nTOTAL $ 1.250,00', 'UYU'],
    ['Supermaxi\nRUC 1790012345001\nTOTAL $ 12.50', 'USD'],
    ['RESTAURANTE\nNIT 900.123.456-1\nTOTAL $ 52.000', 'COP'],
    ['TIENDA\nRFC ABC123456XYZ\nTOTAL $ 150.00', 'MXN'],
    ['TIM HORTONS\nEdmonton AB T5J 2R4\nTOTAL $5.00', 'CAD'],
    ['BOULANGERIE\n1234 rue Sainte-Catherine\nMontréal (Québec) H3B 1A7\nTOTAL 27,18 $', 'CAD'],
    // A country that does not print "$": the "$" is a misreading, the country's money stands.
    ['CUA HANG\nMST: 0101234567\nTONG CONG $421.000', 'VND'],
    // Letters OCR made of something else do not outvote the country (RM lost to noise here).
    ['KEDAI SDN BHD\nJALAN PUDU\nAIR MINERAL 1.5LE 3.74\nTOTAL 67.13', 'MYR'],
    ['LOJA\nNOTA FISCAL\nTrib aprox Rs 7.34\nTOTAL 84,52', 'BRL'],
  ])('reads a bare $ by the country: %j', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it.each([
    // The country from a phone prefix, a tax id, the letters of the language.
    ['KAVARNA\nTel: +420 222 333 444\nCELKEM 569,00', 'CZK'],
    ['SKLEP\nNIP 123-456-78-90\nSUMA 45,99', 'PLN'],
    ['MAGAZA\nVKN 1234567890\nTOPLAM 125,50', 'TRY'],
    ['LOJA\nCNPJ 12.345.678/0001-90\nTOTAL 84,52', 'BRL'],
    ['Quán cà phê\nĐịa chỉ: 12 Lê Lợi\nTổng tiền 35.000', 'VND'],
    ['Kavárna U Řeky\nCelková částka 569,00\nDěkujeme', 'CZK'],
    ['STORE\n(+62) 21 555 1234\nTOTAL 44.900', 'IDR'],
    ['마트\n합계 22,670', 'KRW'],
    ['ร้านขายยา\nรวม 179.19', 'THB'],
  ])('reads the currency of the country the receipt names: %j', (text, code) => {
    expect(extractCurrency(text).value).toBe(code);
  });

  it('marks a currency taken from the account locale alone as assumed', () => {
    expect(extractCurrency('TOTAL 5,14', { decimalMark: ',', locale: 'de-DE' }).assumed).toBe(true);
    expect(extractCurrency('TOTAL 5,14 €', { locale: 'de-DE' }).assumed).toBeUndefined();
  });
});

describe('datedCurrency (Croatia: kuna until 2022, euro from 2023)', () => {
  const read = (text: string) => extractCurrency(text, { country: 'HR' });
  const none = { lines: [], cents: null };
  it('takes the kuna for a receipt dated before 2023 and the euro after', () => {
    expect(datedCurrency(read('Ukupno EUR 10,00'), 'HR', '2022-11-02', none).value).toBe('HRK');
    expect(datedCurrency(read('Ukupno kn 75,35'), 'HR', '2023-01-01', none).value).toBe('EUR');
    expect(datedCurrency(read('Ukupno EUR 10,00'), 'HR', '2023-06-30', none).value).toBe('EUR');
  });

  it('reads a "kn" before the amount as kuna', () => {
    expect(extractCurrency('PEKARA\nUkupno kn 75,35').value).toBe('HRK');
  });

  it('without a date, takes the currency printed beside the total of a dual-price receipt', () => {
    const lines = ['Ukupno kn 75.35', 'Ukupno EUR 10.00', 'Placeno 75.35'];
    const both = read(lines.join('\n'));
    expect(datedCurrency(both, 'HR', null, { lines, cents: 7535 }).value).toBe('HRK');
    expect(datedCurrency(both, 'HR', null, { lines, cents: 1000 }).value).toBe('EUR');
  });

  it('leaves other countries and other currencies alone', () => {
    const euro = extractCurrency('BAECKEREI\nSumme EUR 4,20');
    expect(datedCurrency(euro, 'DE', '2019-05-01', none)).toBe(euro);
  });
});

describe('datedCurrency (Bulgaria: lev until 2025, euro from 2026)', () => {
  const none = { lines: [], cents: null };
  const dual = 'ФАНТАСТИКО\nЕИК 121234567\nОБЩА СУМА 2,81 € 5,49 лв.';

  it('reads the lev beside an amount, and a receipt printing only it as levs', () => {
    expect(extractCurrency('МАГАЗИН\nОБЩО 24,45 лв').value).toBe('BGN');
    expect(extractCurrency('МАГАЗИН\nОБЩО ЛВ. 24,45').value).toBe('BGN');
    // Not the letters inside a word.
    expect(extractCurrency('ХЛЕБ ЛВОВСКИ 1,20').value).toBeNull();
  });

  it('takes the lev before 2026 and the euro from its first day', () => {
    const read = extractCurrency(dual);
    expect(read.value).toBe('EUR');
    expect(datedCurrency(read, 'BG', '2025-12-31', none).value).toBe('BGN');
    expect(datedCurrency(read, 'BG', '2026-01-01', none).value).toBe('EUR');
  });
});

describe('currencyMarks', () => {
  it('gives the markers of the receipt currency and of the others it prints', () => {
    const marks = currencyMarks('ОБЩА СУМА 2,81 € 5,49 лв.', 'EUR', 'BG');
    expect(marks?.own?.test('2,81 €')).toBe(true);
    expect(marks?.others.test('5,49 ЛВ.')).toBe(true);
    expect(marks?.others.test('2,81 €')).toBe(false);
  });

  it('is null when the receipt prints no other currency', () => {
    expect(currencyMarks('SUMME 4,20 EUR\nBAR 5,00 EUR', 'EUR', 'DE')).toBeNull();
    expect(currencyMarks('TOTAL $4.20', 'USD', 'US')).toBeNull();
  });

  it('has no own marker for a currency printed as a bare dollar', () => {
    const marks = currencyMarks('TOTAL $45.60\nUS$ 33.10', 'CAD', 'CA');
    expect(marks?.own).toBeNull();
    expect(marks?.others.test('US$ 33.10')).toBe(true);
  });
});
