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
    ['The Copper Kettle Ltd\nBath BA1 5AW\nVAT No: GB 123 4567 89', 'GB'],
    ['KEDAI RUNCIT AH HOCK SDN BHD\nJALAN PUDU', 'MY'],
    ['Bergbeck\nCHE-123.456.789 MWST', 'CH'],
  ])('names the country of %j', (text, country) => {
    expect(printedCountry(text)).toBe(country);
  });

  it('says nothing without evidence', () => {
    expect(printedCountry('CAFE\nTOTAL 5.00')).toBeNull();
  });
});
