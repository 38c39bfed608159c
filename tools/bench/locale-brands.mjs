// Chains whose receipts carry the name only as a logo: the printed text names them elsewhere,
// in a company line, a web or mail address or beside the VAT number. `name` is the truth, as
// the brand spells itself (name-suggestion-index); the rest is what such receipts print.
export const LOCALE_BRANDS = {
  'en-US': [
    { name: 'Walmart', company: 'Walmart Inc.', host: 'walmart.com' },
    { name: 'Target', company: 'Target Corporation', host: 'target.com' },
    { name: 'Walgreens', company: 'Walgreen Co.', host: 'walgreens.com' },
  ],
  'en-GB': [
    { name: 'Tesco', company: 'Tesco Stores Ltd', host: 'tesco.com' },
    { name: "Sainsbury's", company: "Sainsbury's Supermarkets Ltd", host: 'sainsburys.co.uk' },
    { name: 'Boots', company: 'Boots UK Limited', host: 'boots.com' },
  ],
  'de-DE': [
    { name: 'Lidl', company: 'Lidl Vertriebs-GmbH & Co. KG', host: 'lidl.de' },
    { name: 'Aldi Süd', company: 'ALDI SÜD Dienstleistungs-SE & Co. oHG', host: 'aldi-sued.de' },
    { name: 'MediaMarkt', company: 'MediaMarkt TV-HiFi-Elektro GmbH', host: 'mediamarkt.de' },
    { name: 'Rossmann', company: 'Dirk Rossmann GmbH', host: 'rossmann.de' },
  ],
  'de-CH': [
    { name: 'Migros', company: 'Genossenschaft Migros Zürich', host: 'migros.ch' },
    { name: 'Coop', company: 'Coop Genossenschaft', host: 'coop.ch' },
  ],
  'fr-FR': [
    { name: 'Carrefour', company: 'Carrefour Hypermarchés SAS', host: 'carrefour.fr' },
    { name: 'Monoprix', company: 'Monoprix Exploitation SAS', host: 'monoprix.fr' },
  ],
  'es-ES': [
    { name: 'Mercadona', company: 'Mercadona S.A.', host: 'mercadona.es' },
    { name: 'Dia', company: 'Distribuidora Internacional de Alimentación S.A.', host: 'dia.es' },
  ],
  'it-IT': [
    { name: 'Esselunga', company: 'Esselunga S.p.A.', host: 'esselunga.it' },
    { name: 'Conad', company: 'Conad Soc. Coop.', host: 'conad.it' },
  ],
  'nl-NL': [
    { name: 'Albert Heijn', company: 'Albert Heijn B.V.', host: 'ah.nl' },
    { name: 'Jumbo', company: 'Jumbo Supermarkten B.V.', host: 'jumbo.com' },
  ],
  'pt-PT': [
    { name: 'Continente', company: 'Modelo Continente Hipermercados, S.A.', host: 'continente.pt' },
    {
      name: 'Pingo Doce',
      company: 'Pingo Doce - Distribuição Alimentar, S.A.',
      host: 'pingodoce.pt',
    },
  ],
  'pt-BR': [
    {
      name: 'Pão de Açúcar',
      company: 'Companhia Brasileira de Distribuição',
      host: 'paodeacucar.com',
    },
    { name: 'Drogasil', company: 'Raia Drogasil S.A.', host: 'drogasil.com.br' },
  ],
  'en-MY': [
    { name: '99 Speedmart', company: '99 Speed Mart Sdn Bhd', host: '99speedmart.com.my' },
    { name: 'Guardian', company: 'Guardian Health and Beauty Sdn Bhd', host: 'guardian.com.my' },
  ],
};
