import { describe, expect, it } from '@jest/globals';
import { toTextLines } from '../text-lines.js';
import { findBrand } from './find-brand.js';

const brand = (text: string, country: string | null = null) =>
  findBrand(toTextLines(text), { country })?.name ?? null;

// Texts as OCR returns them from real-looking receipts: logos turned to noise, slips in letters,
// spaces inside web addresses.
describe('findBrand', () => {
  it('reads the brand from the web address when the logo came out as noise', () => {
    const text = [
      'AdLnbDneI',
      'Warburger Straße 130',
      '33100 Paderborn',
      'Mo Datum Uhrzeit',
      '27.11.24 18:42',
      'MILCH 1,5% 0,99 A',
      'SUMME EUR 2,28',
      'Vielen Dank für Ihren Einkauf',
      'www. aldi-sued. de',
    ].join('\n');
    expect(brand(text, 'DE')).toBe('Aldi Süd');
  });

  it('takes no brand from a host that only brands named after more than it share', () => {
    // amazon.com is Amazon Fresh's and Amazon Books' host: an online order is neither.
    expect(brand('AMAZON.COM\nOrder #112-1234567\nGrand Total: $45.99', 'US')).toBeNull();
    // A host its own brand shares with its formats still names the brand.
    expect(brand('XKCD\nwww.aldi-sued.de\nSUMME 2,28', 'DE')).toBe('Aldi Süd');
  });

  it('reads the company line of the footer', () => {
    const text = 'L1D|\nFiliale 1234\nBROT 1,49 A\nSUMME 1,49\nLidl Vertriebs-GmbH & Co. KG';
    expect(brand(text, 'DE')).toBe('Lidl');
  });

  it('joins a name OCR split with a space and forgives one wrong letter', () => {
    expect(brand('Media Markt\nTV-HiFi-Elektro GmbH\nSUMME 199,00', 'DE')).toBe('MediaMarkt');
    expect(brand('WaImart >|<\nSave money. Live better.\nTOTAL 12.50', 'US')).toBe('Walmart');
  });

  it('takes no short brand from a logo OCR cut short above the chain printed in full', () => {
    // "ED" is a German chain of its own; here it is what OCR kept of the EDEKA logo.
    const cut = 'ED\nWir Lebensmittel.\nEDEKA Franeck Potsdam 193\n14482 Potsdam\nSUMME EUR 7,31';
    expect(brand(cut, 'DE')).not.toBe('ED');
    expect(brand('ED\nBahnhofstr. 4\n14482 Potsdam\nSUMME EUR 7,31', 'DE')).toBe('ED');
    // The same logo at an angle: "DI" is Belgium's Di, and no more this receipt's than "ED".
    const misread =
      'DI\nWir Lebensmittel.\nEDEKA Franeck Potsdam 193\n14482 Potsdam\nSUMME EUR 7,31';
    expect([null, 'EDEKA']).toContain(brand(misread, 'DE'));
    expect(brand('Di\nRue Neuve 12\n1000 Bruxelles\nTOTAL EUR 7,31', 'BE')).toBe('Di');
  });

  it('takes no short brand from a word cut off at the foot of the photo', () => {
    // "BR" is Brazil's fuel chain; here it is what the photo's edge left of a word.
    const foot = [
      'F E BERTINO MACIEL RESTAURANTE ME',
      'VILA MURIQUI - MANGARATIBA - RJ',
      'CNPJ:12.647.367/0001-80',
      '12/02/2017 16:12:58',
      'CUPOM FISCAL',
      '001 AGUA COM GAS 1 UN 6,00',
      '002 MEDALHAO GORGONZOLA 1 UN 75,00',
      '003 MOQUECA CAPIXABA 1 UN 69,00',
      'TOTAL R$ 150,00',
      'CARTAO 150,00',
      'BR',
    ].join('\n');
    expect(brand(foot, 'BR')).toBeNull();
    expect(brand('BR\nPosto Mangaratiba\nGASOLINA 150,00\nTOTAL R$ 150,00', 'BR')).toBe('BR');
  });

  it('forgives a slip only in a name that fills its line', () => {
    // "Harbour" is one letter from "Barbour" (a brand trading in the US), and read cleanly.
    const text = 'Harbour Cafe\n12 Harbour Road, Springfield\nFlat white 4.50\nTOTAL 10.70';
    expect(brand(text, 'US')).toBeNull();
    expect(brand('Barbour\n12 Harbour Road, Springfield\nTOTAL 10.70', 'US')).toBe('Barbour');
  });

  it('says when only a name one letter off named the brand', () => {
    const find = (text: string) => findBrand(toTextLines(text), { country: 'US' });
    expect(find('WaImart >|<\nTOTAL 12.50')).toMatchObject({ name: 'Walmart', exact: false });
    expect(find('Walmart\nTOTAL 12.50')).toMatchObject({ name: 'Walmart', exact: true });
  });

  it('reads a long name from a first line its logo glued letters to, as one letter off', () => {
    const find = (text: string) => findBrand(toTextLines(text), { country: 'CA' });
    const glued = 'SeBostonPizza\nBP MILLWOODS #178\nTOTAL: 25.73';
    expect(find(glued)).toMatchObject({ name: 'Boston Pizza', exact: false });
    // Three letters are more than a logo's noise; a short name is no part of a longer word.
    expect(find('XyzBostonPizza\nBP MILLWOODS #178\nTOTAL: 25.73')?.name).not.toBe('Boston Pizza');
    expect(brand('SPARKLE\nTOTAL 12.50', 'GB')).not.toBe('Spar');
  });

  it("reads a long name whose first letters the photo's edge or a shadow cut off, as one letter off", () => {
    const find = (text: string) => findBrand(toTextLines(text), { country: 'ES' });
    const hotel = (top: string) => `${top}\nANIHGHOTEL\nRCELONA-FIRA CENTER\nTotal 61,95`;
    expect(find(hotel('OWNE PLAZA'))).toMatchObject({ name: 'Crowne Plaza', exact: false });
    // Three letters are more than an edge takes; only the first line, read whole, is a logo.
    expect(find(hotel('WNE PLAZA'))?.name).not.toBe('Crowne Plaza');
    expect(find(`Hotel Lobby Bar\n${hotel('OWNE PLAZA')}`)?.name).not.toBe('Crowne Plaza');
  });

  it('spells the brand as the directory does', () => {
    expect(brand('TESCO\nStores Ltd\nTOTAL £12.50\ntesco.com/clubcard', 'GB')).toBe('Tesco');
  });

  it('spells a brand the directory names in another script as the receipt prints it', () => {
    // The directory names the Korean chain 롯데슈퍼, also "Lotte Super".
    expect(brand('LOTTE Super\n12-85-08846\n합계 5,080', 'KR')).toBe('Lotte Super');
  });

  it('takes the brand of a mail address', () => {
    expect(brand('Rechnung\nSUMME 10,00\nkundenservice@mediamarkt.de', 'DE')).toBe('MediaMarkt');
  });

  it('ignores receipt words that are also brand names below the header', () => {
    const text = 'Bäckerei Sonnenschein\nHauptstr. 4\nNETTO 10,00\nTOTAL 12,50\nBAR 20,00';
    expect(brand(text, 'DE')).toBeNull();
  });

  it('names a brand called like a receipt word only from its web address', () => {
    expect(brand('TOTAL\nAire de Paris Nord\nTOTAL TTC 45,00', 'FR')).toBeNull();
    expect(brand('Shop\nTOTAL 4.50', 'US')).toBeNull();
    expect(brand('TOTAL\nTOTAL TTC 45,00\nwww.totalenergies.fr', 'FR')).toBe('TotalEnergies');
  });

  it('does not take a town of the address for a brand', () => {
    expect(
      brand('Bayside Hardware\n1200 Oak Ave\nSpringfield, IL 62704\nTOTAL $12.50', 'US'),
    ).toBeNull();
  });

  it('prefers the brand that trades in the receipt’s country', () => {
    // "ALDI SÜD" is the German chain in Germany, the Aldi Süd group's "Aldi" in Britain.
    const text = 'ALDI SÜD\nSUMME 3,00';
    expect(brand(text, 'DE')).toBe('Aldi Süd');
    expect(brand(text, 'GB')).toBe('Aldi');
  });

  it('takes no host from an abbreviation before a number label', () => {
    // "Cad. No" squeezed would be cad.no, and "cad" a brand's other name (Caddy's, Italy).
    expect(brand('Güneş Kırtasiye\nAtatürk Cad. No: 160\nKonak / İSTANBUL')).toBeNull();
    expect(brand('Kopi Stall\nBlk 12 Ang Mo Kio\nVisit caddys.it')).toBe("Caddy's");
  });

  it('returns null when nothing names a brand', () => {
    expect(brand('Mo Datum Uhrzeit\nHauptstraße 1\n80331 München\nSUMME 19,99', 'DE')).toBeNull();
  });
});
