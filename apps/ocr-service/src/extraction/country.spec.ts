import { describe, expect, it } from '@jest/globals';
import { printedCountry } from './country.js';

describe('printedCountry', () => {
  it.each([
    ['Blue Door Diner\n220 W 4th St, Austin, TX 78701', 'US'],
    ['Drogerie Brandt\nWarburger Straße 130\n33098 Paderborn\nUSt-IdNr. DE123456789', 'DE'],
    ['Boulangerie du Marché\n12 rue de la République\n69002 Lyon\nSIRET 123 456 789 00012', 'FR'],
    ['Farmacia Ortega\nNIF: B12345678\n28013 Madrid', 'ES'],
    ['Supermercados Sol S.L.\nTotal 5,00', 'ES'],
    ['Panificio Bianchi\nP.IVA 01234567890', 'IT'],
    ['Bakkerij de Vries\nBTW NL123456789B01', 'NL'],
    ['Padaria Lusitana\nNIF: 501234567\n1100-148 Lisboa', 'PT'],
    ['Papelaria Ipiranga\nCNPJ: 12.345.678/0001-90', 'BR'],
    ['RESTAURANTE ME\nCWF:12.647.367/3001-80\nTOTAL RS 136,00', 'BR'],
    ['The Copper Kettle Ltd\nBath BA1 5AW\nVAT No: GB 123 4567 89', 'GB'],
    ['KEDAI RUNCIT AH HOCK SDN BHD\nJALAN PUDU', 'MY'],
    ['KEDAI RUNCIT\nNO 3, JALAN PUDU', 'MY'],
    // "Jalan" is Indonesian too: a Jakarta address beside it is Indonesia.
    ['SHELL TANJUNGBARAT\nJAKARTA SELATAN\nSEMANGAT JALAN', 'ID'],
    ['Bergbeck\nCHE-123.456.789 MWST', 'CH'],
  ])('names the country of %j', (text, country) => {
    expect(printedCountry(text)).toBe(country);
  });

  it('says nothing without evidence', () => {
    expect(printedCountry('CAFE\nTOTAL 5.00')).toBeNull();
  });
});

describe('printedCountry beyond the euro area', () => {
  it.each([
    ['KAVARNA\nIČO: 12345678\nDIČ: CZ12345678', 'CZ'],
    ['SKLEP\nNIP: 123-456-78-90\nPARAGON FISKALNY', 'PL'],
    ['CUA HANG\nMST: 0101234567\nTONG CONG', 'VN'],
    ['MAGAZA\nVKN: 1234567890\nKDV %8', 'TR'],
    ['МАГАЗИН\nПДВ 20%\nСума 120,00 грн', 'UA'],
    ['RESTAURANTE\nNIT 900.123.456-1\nCalle 85 # 12-34', 'CO'],
    ['SUPERMERCADO\nR.U.T.: 76.123.456-7\nBOLETA ELECTRONICA', 'CL'],
    ['PT SUMBER ALFARIA TRIJAYA TBK\nNPWP 01.234.567.8-901.000', 'ID'],
    ['STORE\nTel +84 28 3822 1234', 'VN'],
    ['STORE\nPhone (+57) 601 555 1234', 'CO'],
    ['마트 영수증', 'KR'],
    ['ファミリーマート', 'JP'],
    ['ร้านขายยา', 'TH'],
    ['מכולת', 'IL'],
    ['Quán cà phê Thức\nTổng cộng', 'VN'],
  ])('names the country of %j', (text, country) => {
    expect(printedCountry(text)).toBe(country);
  });

  it('takes no country from cents or long numbers that look like a "00" prefix', () => {
    expect(printedCountry('TOTAL $97.66\nCASH $.00\n2004-10-31')).toBeNull();
    expect(printedCountry('ST# 02735 OP# 006287\nUPC 003600047790')).toBeNull();
  });

  it('does not take a Latin American address for Spain', () => {
    expect(printedCountry('NIT 900.123.456-1\nCalle 85')).toBe('CO');
    // Colombia's street, "#", cross street and house: no NIT needed.
    expect(printedCountry('Tienda Don José\nCarrera 55 # 38-14\nCali, Valle')).toBe('CO');
    expect(printedCountry('Droguería\nCra. 7 No. 24-89\nTOTAL $ 12.500')).toBe('CO');
    expect(printedCountry('Bar Pepe\nCalle Mayor 12\n28013 Madrid')).toBe('ES');
  });

  it('keeps signs several countries share from naming the wrong one', () => {
    // Colombian and Chilean companies are "Ltda." as Brazilian ones are.
    expect(printedCountry('DROGUERIA SANTA FE LTDA\nNIT 900.123.456-1')).toBe('CO');
    expect(printedCountry('COMERCIAL SUR LTDA\nR.U.T.: 76.123.456-7')).toBe('CL');
    expect(printedCountry('PADARIA LTDA\nCNPJ 12.345.678/0001-90')).toBe('BR');
    // "MST" is also Mountain Standard Time: Vietnam's tax number needs its digits.
    expect(printedCountry('CAFE\nPhoenix, AZ 85004\n12:30 PM MST')).toBe('US');
    expect(printedCountry('CUA HANG\nMST:0101234567')).toBe('VN');
    // South Africa's "(Pty) Ltd", Australia's "Pty Ltd".
    expect(printedCountry('PICK N PAY (PTY) LTD\nTOTAL R 125.50')).toBe('ZA');
    expect(printedCountry('ACME PTY LTD\nTOTAL $5.00')).toBe('AU');
    // A Romanian tax id beside an "S.R.L." that Italy's companies share.
    expect(printedCountry('BRIALDO DISTRIBUTION FOOD S.R.L.\nC.I.F.: RO12345678')).toBe('RO');
    expect(printedCountry('PANIFICIO S.R.L.\nVia Roma 1')).toBe('IT');
  });

  it('names Canada, not France, for a Québec receipt', () => {
    const quebec = 'Boulangerie Chez Marie\n1234 rue Sainte-Catherine O\nMontréal (Québec) H3B 1A7';
    expect(printedCountry(quebec)).toBe('CA');
    expect(printedCountry('Épicerie\n12 rue Principale\nTPS 1,23\nTVQ 2,45')).toBe('CA');
    expect(printedCountry('Boulangerie\n12 rue de la Paix\n75002 Paris')).toBe('FR');
  });

  it('names Turkey from its addresses, cities and glued total words', () => {
    expect(printedCountry('Güneş Kırtasiye\nAtaturk Cad. No: 160\nTel:03565574335')).toBe('TR');
    expect(printedCountry('Gunes Kirtasiye\nKonak / iSTANBUL')).toBe('TR');
    expect(printedCountry('FIRIN\nGENELTOPLAM *84,12\nTOPKDV *2,28')).toBe('TR');
    expect(printedCountry('BAKKAL\nKADIKOY V.D. 8708367002')).toBe('TR');
  });

  it('names Czechia and Poland from their total words when OCR lost the accents', () => {
    expect(printedCountry('Potraviny U Novaku\nCelkem k uhrade 245,00 Kc')).toBe('CZ');
    expect(printedCountry('Sklep Jagodka\nRAZEM 45,99 zl\nReszta 4,01')).toBe('PL');
    expect(printedCountry('Sklep\nPTU A 23,00% 8,41')).toBe('PL');
  });

  it('names Singapore from a postcode glued to its name or its GST registration number', () => {
    expect(printedCountry('Ah Seng Coffeeshop\nSingapore560123\nTOTAL $4.50')).toBe('SG');
    expect(printedCountry('Kopi Stall\nGST Reg No: M2-8418001-6\nTOTAL $4.50')).toBe('SG');
    expect(printedCountry('Ya Kun Kaya Toast\nTotal 5.60\nPaid by PayNow')).toBe('SG');
    expect(printedCountry('Ya Kun Kaya Toast\nTotal 5.60\nNETS $5.60')).toBe('SG');
  });

  it.each([
    ['Netto\nNørrebrogade 20\n2200 København N\nCVR 12345678', 'DK'],
    ['Bakeri\nI ALT 34,95\nDankort 34,95', 'DK'],
    ['REMA 1000\nOrg.nr 912 345 678 MVA', 'NO'],
    ['Kiwi\n0555 Oslo\nBankAxept 64,80', 'NO'],
    ['ICA Nära\nOrg.nr 556123-4567\nMoms 12% 5,08', 'SE'],
    ['Kafé\nTotalt 47,45\nVarav moms 5,08', 'SE'],
    ['K-Market\nY-tunnus 1234567-8\nALV 14%', 'FI'],
    ['Tottus\nRUC 20508565934\nBoleta de venta electrónica', 'PE'],
    ['Bodega\nRepresentación impresa SUNAT', 'PE'],
    ['全聯福利中心\n統一編號 12345678\n電子發票證明聯', 'TW'],
    ['東京都国分寺市南町三丁目', 'JP'],
    ['2019年10月1日(火) 3:09\n内消费税等 ¥70', 'JP'],
    ['星巴克\n深圳市南山区\n支付宝 38.00', 'CN'],
    ['超市\n广东省广州市天河区\n找零 2.00', 'CN'],
    ['Panda\nRiyadh\nVAT No 300012345600003', 'SA'],
    ['Imtiaz\nKarachi\nNTN 1234567-8', 'PK'],
    ['Keells\nColombo 03', 'LK'],
    ['Shwapno\nDhaka 1212\nBIN 000123456', 'BD'],
    ['Naivas\nNairobi\nKRA PIN P051234567X', 'KE'],
    ['Coop\nBahnhofplatz 1\n8001 Zürich', 'CH'],
    ['Bónus\nKennitala 491106-0780\nSamtals 748 kr.', 'IS'],
    ['Tienda Inglesa\nRUT 211234560018\nMontevideo', 'UY'],
    ['Supermaxi\nRUC 1790012345001\nQuito', 'EC'],
    ['Sharma Sweets\nShop No. 8, Anna Salai\nChennai 600002', 'IN'],
    ['Udupi Cafe\nSGST 2.5% 3.00\nPaid by Paytm', 'IN'],
    ['REWE\nHauptstraße 5\n10115 Berlin', 'DE'],
    ['Carrefour City\n75004 Paris', 'FR'],
    ['Mercadona\n28001 Madrid', 'ES'],
    ['Esselunga\n20121 Milano (MI)', 'IT'],
    ['Billa\n1010 Wien', 'AT'],
    ['Albert Heijn\n1012 AB Amsterdam', 'NL'],
    ['Delhaize\n1000 Bruxelles', 'BE'],
    ['Pingo Doce\n1100-148 Lisboa', 'PT'],
    ['Фантастико\nЕИК 121234567\nгр. София', 'BG'],
    ['Billa\nИН по ДДС BG831902088', 'BG'],
    ['Lidl Bulgaria EOOD\nEIK 131071587', 'BG'],
    ['Marjane\nICE 001234567000089', 'MA'],
    ['Carrefour\nMarrakech', 'MA'],
    ['Lulu Hypermarket\nDoha', 'QA'],
    ['The Sultan Center\nSalmiya, Kuwait', 'KW'],
    ['Lulu Hypermarket\nTel +965 2222 3333', 'KW'],
    ['Al Jazira Supermarket\nManama, Bahrain', 'BH'],
    ['Carrefour\nMuscat', 'OM'],
    ['Cozmo\nAmman', 'JO'],
    ['Monoprix\nAv. Habib Bourguiba, Tunis', 'TN'],
  ])('names the country of %j', (text, country) => {
    expect(printedCountry(text)).toBe(country);
  });

  it('takes no country from words those countries share with others', () => {
    // "MOM'S" shops, Indonesian "lima" (five), the insurer Zurich.
    expect(printedCountry('MOMS KITCHEN\nTOTAL $12.50')).toBeNull();
    expect(printedCountry('TOKO\nLIMA RIBU 5.000')).toBeNull();
    expect(printedCountry('Zurich Insurance\nPremium 120.00')).toBeNull();
    expect(printedCountry('BURGER KING\nGATE 12')).toBeNull();
    // A cashier's name; a US street named after a European city.
    expect(printedCountry('DINER\nServer: Sofia\nTOTAL $12.50')).toBeNull();
    expect(printedCountry('DINER\n12001 Paris Pike\nTOTAL $12.50')).toBeNull();
    // Jordan is a brand of shoes and a name: only its cities and phone prefix name the country.
    expect(printedCountry('FOOT LOCKER\nAIR JORDAN 1 129.99\nTOTAL 129.99')).toBeNull();
  });

  it('names Thailand from its capital and postcode or a Buddhist-era date, not a restaurant', () => {
    expect(printedCountry('Tops Market\nBangkok 10110\nTOTAL 84.00')).toBe('TH');
    expect(printedCountry('Tops Market\nDate 05/03/2568 Time 10:11\nTOTAL 84.00')).toBe('TH');
    expect(printedCountry('Tops Market\n02/11/25688:00\nTOTAL 84.00')).toBe('TH');
    expect(printedCountry('BANGKOK KITCHEN\n05/03/2025\nTOTAL 84.00')).toBeNull();
  });

  it('takes a receipt in traditional Chinese characters for no mainland one', () => {
    // 找零 (change) and 收银 are written alike in both; 總計, 現金 are traditional.
    expect(printedCountry('便利商店\n總計 85\n現金 100\n找零 15')).toBeNull();
    expect(printedCountry('便利店\n总计 85.00\n现金 100.00\n找零 15.00')).toBe('CN');
  });

  it('names Nepal from its cities and its nine-digit PAN, not India from a PAN', () => {
    expect(printedCountry('Everest Momo House\nLakeside\nPokhara')).toBe('NP');
    expect(printedCountry('Shrestha Pharmacy\nPAN No: 301234567\nVAT 13%')).toBe('NP');
    expect(printedCountry('Himalayan Java\nBill No: 1234\nMiti: 2080/12/02')).toBe('NP');
    // A year only the Bikram Sambat calendar has, where nothing else names a country.
    expect(printedCountry('Himalayan Java\nDate: 2081/08/15\nTotal 450.00')).toBe('NP');
    expect(printedCountry('Himalayan Java\nDate: 2024/11/30\nTotal 450.00')).toBeNull();
    expect(printedCountry('Store\nPAN: ABCDE1234F\nGSTIN 29ABCDE1234F1Z5')).toBe('IN');
  });
});

describe('printedCountry from conventions of numbers and words', () => {
  it.each([
    ['KIWI HARDWARE\nGST No: 98-765-432\nTOTAL $12.00', 'NZ'],
    ['FRUIT SHOP\nGST#111-222-333', 'NZ'],
    ['BOOKSHOP\nAuck1and 1010', 'NZ'],
    ['MAPLE GROCER\n4410 JASPER AVE, EDMONTON\nTOTAL $9.10', 'CA'],
    ['DINER\n(512) 555-0199\nTOTAL $9.10', 'US'],
    ['HARDWARE\nSUBTOTAL $20.00\nKS TAX 6.5% $1.30', 'US'],
    ['BURGERS\nNEW YORK\nTOTAL 9.10', 'US'],
    ['SOI 5 PHARMACY\nTAX ID: 0123456789012', 'TH'],
    ['MINI MART\nTAX INVOICE (ABB)', 'TH'],
    ['QUAN COM\nTHU NGAN: LAN\nTIEN THANH TOAN 45,000', 'VN'],
    ['NHA HANG\nHOA DON GTGT', 'VN'],
    ['BRAAI SHOP\nVAT No: 4123456789', 'ZA'],
  ])('names the country of %j', (text, country) => {
    expect(printedCountry(text)).toBe(country);
  });

  // EAN-13 codes made up with a valid check digit under one GS1 prefix (880 Korea, 729 Israel).
  const ean = (twelve: string) => {
    const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    return twelve + String((10 - (sum % 10)) % 10);
  };
  it('takes the country of the shop’s address before its script or its dishes', () => {
    // They were Korea's, Japan's, Thailand's, Turkey's, India's and Chile's: the money with them.
    expect(printedCountry('서울식당\n3500 W 6th St\nLos Angeles, CA 90020\n비빔밥 15.99')).toBe(
      'US',
    );
    expect(printedCountry('らーめん一番\nSeattle, WA 98101\nラーメン 14.00')).toBe('US');
    expect(printedCountry('ร้านอาหารไทย\n45 King St\nSydney NSW 2000\nผัดไทย 18.00')).toBe('AU');
    expect(printedCountry('DELI\n12 Elm St\nBoston MA 02108\nTurkey Sub 9.99')).toBe('US');
    expect(printedCountry('Fran’s\nToronto, ON M5G 1K2\nIndia Pale Ale 7.00')).toBe('CA');
    // On one line only: a Romanian company's "SA" above a number is no Australian state, a
    // line ending in "IN" above five digits no Indiana ZIP.
    expect(printedCountry('SHOP\nPAID IN\n12345 BERLIN')).not.toBe('US');
    expect(printedCountry('SC AUCHAN ROMANIA SA\n1234 BUCURESTI')).toBe('RO');
  });

  it('takes no country from a place named in an item', () => {
    for (const item of ['Turkey Sub 9.99', 'India Pale Ale 7.00', 'Green Chile Burger 12.00']) {
      expect(printedCountry(`BAR\n(617) 555-0199\n${item}\nTOTAL 12.99`)).toBe('US');
    }
    expect(
      printedCountry('Canada Dry 1.99\nSingapore Noodles 11.00\nLondon Broil 15.00'),
    ).toBeNull();
    expect(
      printedCountry('New York Cheesecake 6.50\nDelhi Chaat 6.00\nJakarta Rice 9.00'),
    ).toBeNull();
    // On a line of its own, the name still counts.
    expect(printedCountry('Bakkal\nIstanbul, Turkey\nTOPLAM 182,87')).toBe('TR');
  });

  it('takes the United States from a phone number, never Canada from its area code alone', () => {
    expect(printedCountry('CORNER MART\nTel 604-555-0142\nTOTAL $9.10')).toBeNull();
    expect(printedCountry('DINER\nTel (559) 571-6677\nTOTAL $9.10')).toBe('US');
    // Not an id whose digits fall in the same groups: a Swedish organisation number.
    expect(printedCountry('BAGERI\n559571-6677\nTOTALT 48,50')).toBeNull();
  });

  it('takes the country from a town and state on a line of their own, no ZIP after them', () => {
    expect(printedCountry('Starbucks\nRenaissance Center\nDetroit,MI\nTOTAL $4.72')).toBe('US');
    expect(printedCountry('BOSTON PIZZA\nEdmonton, AB\nTOTAL $31.50')).toBe('CA');
    // Not a state's code after a word on an item's or a payment's line.
    expect(printedCountry('COFFEE\nLatte, MD 4.50\nPaid, IN\nTOTAL 4.50')).toBeNull();
  });

  it('names the country most product barcodes come from', () => {
    const korean = ['880100000001', '880200000002', '880300000003'].map(ean);
    expect(printedCountry(`MART\n${korean.join(' 1,000\n')} 1,000`)).toBe('KR');
    const israeli = ['729000000011', '729000000022', '729000000033'].map(ean);
    // The barcodes outweigh a postcode-like scrap of OCR letters.
    expect(printedCountry(`AB1 2CD\n${israeli.join('\n')}`)).toBe('IL');
    // 380 is Bulgaria's prefix, 385 Croatia's.
    const bulgarian = ['380100000001', '380200000002', '380300000003'].map(ean);
    expect(printedCountry(bulgarian.join('\n'))).toBe('BG');
    const croatian = ['385100000001', '385200000002', '385300000003'].map(ean);
    expect(printedCountry(croatian.join('\n'))).toBe('HR');
  });

  it('takes no country from two barcodes, wrong check digits or disagreeing prefixes', () => {
    expect(printedCountry(['880100000001', '880200000002'].map(ean).join('\n'))).toBeNull();
    expect(printedCountry('8801000000010\n8802000000020\n8803000000030')).toBeNull();
    const mixed = ['880100000001', '729000000011', '400000000001', '500000000001'].map(ean);
    expect(printedCountry(mixed.join('\n'))).toBeNull();
  });
});
