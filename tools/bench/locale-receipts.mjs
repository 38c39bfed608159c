// Rendered receipts of many locales, with their truth, for `npm run bench:extraction -- --set
// locales`. Everything comes from a seeded generator, so a seed names the same receipts on every
// machine: nothing is committed but this file.
//
//   generateReceipts({ seed, perLocale, locales })  → [{ id, locale, lines, truth }]
//   renderReceiptImage(receipt, { blur, rotate, noise, seed }) → JPEG buffer (sharp, DejaVu fonts)
//   ocrNoise(text, rng, level) → the text as an OCR engine might return it
//
// The layouts follow what shops print: header, address, VAT or company number, items (with tax
// codes, deposits and coupons where typical), subtotal and tax (added on top in the US, included
// elsewhere), the total, the payment (cash with change, or card), a tax table, a footer, and now
// and then a date that is not the purchase date (return by, valid until).
import sharp from 'sharp';

/** Small, fast, seedable PRNG (mulberry32). */
export function createRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

const pad2 = (n) => String(n).padStart(2, '0');

/** Cents as the locale prints them: decimal mark, thousands separator. */
function money(cents, { decimal, group }) {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${whole}${decimal}${pad2(abs % 100)}`;
}

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  enFull: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
  nl: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
};

// Date printers: each takes { y, m, d } and returns the printed date.
const D = {
  dmySlash: ({ y, m, d }) => `${pad2(d)}/${pad2(m)}/${y}`,
  dmyDash: ({ y, m, d }) => `${pad2(d)}-${pad2(m)}-${y}`,
  dmyDot: ({ y, m, d }) => `${pad2(d)}.${pad2(m)}.${y}`,
  dmyDotShort: ({ y, m, d }) => `${pad2(d)}.${pad2(m)}.${String(y).slice(2)}`,
  dmySlashShort: ({ y, m, d }) => `${pad2(d)}/${pad2(m)}/${String(y).slice(2)}`,
  mdySlash: ({ y, m, d }) => `${pad2(m)}/${pad2(d)}/${y}`,
  mdySlashShort: ({ y, m, d }) => `${m}/${d}/${String(y).slice(2)}`,
  iso: ({ y, m, d }) => `${y}-${pad2(m)}-${pad2(d)}`,
  named:
    (lang, style) =>
    ({ y, m, d }) => {
      const name = MONTHS[lang][m - 1];
      if (style === 'de') return `${d}. ${name} ${y}`;
      if (style === 'of') return `${d} de ${name} de ${y}`;
      if (style === 'us') return `${name} ${d}, ${y}`;
      return `${pad2(d)} ${name} ${y}`;
    },
};

// Per locale: how numbers, money and dates are printed, the words on the receipt, and shops.
const LOCALES = {
  'en-US': {
    currency: 'USD',
    num: { decimal: '.', group: ',' },
    cur: (s) => `$${s}`,
    dates: [D.mdySlash, D.mdySlashShort, D.named('en', 'us')],
    vendors: [
      'Maple Street Market',
      'Bayside Hardware',
      'Corner Deli & Grill',
      'Sunrise Pharmacy',
      'Delta Electronics',
    ],
    address: (r) => [
      `${r.int(10, 9899)} ${r.pick(['Main St', 'Oak Ave', 'Elm Street', '5th Ave'])}`,
      `${r.pick(['Springfield, IL 62704', 'Austin, TX 78701', 'Portland, OR 97205', 'Columbus, OH 43215'])}`,
    ],
    phone: (r) => `(${r.int(201, 989)}) 555-${r.int(1000, 9999)}`,
    items: [
      'Whole Milk 1gal',
      'Bananas',
      'Sourdough Bread',
      'Coffee Beans 12oz',
      'Paper Towels',
      'AA Batteries 8pk',
      'Cheddar Cheese',
      'Orange Juice',
      'Greek Yogurt',
      'Dish Soap',
    ],
    taxMode: 'added',
    taxRates: [0.0625, 0.0825, 0.07],
    labels: {
      subtotal: 'SUBTOTAL',
      tax: (r) => `SALES TAX ${(r * 100).toFixed(2)}%`,
      total: ['TOTAL', 'BALANCE DUE', 'TOTAL DUE'],
      cash: 'CASH',
      change: 'CHANGE',
      card: ['VISA', 'MASTERCARD', 'DEBIT CARD'],
      date: 'Date:',
      items: (n) => `ITEMS SOLD ${n}`,
    },
    other: { label: 'Return by', days: 30 },
    footer: ['THANK YOU FOR SHOPPING WITH US', 'Returns with receipt within 30 days'],
  },
  'en-GB': {
    currency: 'GBP',
    num: { decimal: '.', group: ',' },
    cur: (s) => `£${s}`,
    dates: [D.dmySlash, D.named('en'), D.dmySlashShort],
    vendors: [
      'Harbour Fish Bar',
      'Whitfield Stores',
      'The Green Grocer',
      'Pennywise Chemist',
      'Kingsway Books',
    ],
    address: (r) => [
      `${r.int(1, 199)} ${r.pick(['High Street', 'Church Road', 'Station Road', 'Mill Lane'])}`,
      r.pick(['Leeds LS1 4DY', 'Bristol BS1 5TR', 'York YO1 7HH', 'Norwich NR2 1NA']),
    ],
    phone: (r) => `0${r.int(113, 199)} ${r.int(100, 999)} ${r.int(1000, 9999)}`,
    vat: (r) => `VAT Reg No. GB ${r.int(100, 999)} ${r.int(1000, 9999)} ${r.int(10, 99)}`,
    items: [
      'Semi Skimmed Milk 2pt',
      'Free Range Eggs 6',
      'Cheddar 400g',
      'Tea Bags 80',
      'Baked Beans',
      'Crumpets 6pk',
      'Digestive Biscuits',
      'Bin Bags',
      'Paracetamol 16',
      'Sandwich',
    ],
    taxMode: 'included',
    taxRates: [0.2],
    labels: {
      total: ['TOTAL', 'BALANCE DUE', 'TOTAL TO PAY'],
      cash: 'CASH',
      change: 'CHANGE DUE',
      card: ['CONTACTLESS', 'VISA DEBIT', 'CARD PAYMENT'],
      vat: 'VAT',
      vatTable: ['VAT RATE', 'NET', 'VAT', 'GROSS'],
      date: '',
    },
    other: { label: 'Offer valid until', days: 14 },
    footer: ['Thank you for your custom', 'Please retain your receipt'],
  },
  'de-DE': {
    currency: 'EUR',
    num: { decimal: ',', group: '.' },
    cur: (s) => s,
    header: 'EUR',
    dates: [D.dmyDot, D.dmyDotShort, D.named('de', 'de')],
    vendors: [
      'Bäckerei Lindner',
      'Drogerie Brandt',
      'Hagedorn Baumarkt GmbH',
      'Elektro Kessler',
      'Frischmarkt Özdemir',
      'Buchhandlung Seidel',
    ],
    address: (r) => [
      `${r.pick(['Hauptstraße', 'Bahnhofstr.', 'Warburger Straße', 'Am Markt', 'Lindenallee'])} ${r.int(1, 140)}`,
      `${r.int(10115, 99998)} ${r.pick(['Paderborn', 'Kassel', 'Bielefeld', 'Göttingen', 'Münster'])}`,
    ],
    phone: (r) => `Tel. 0${r.int(30, 9999)} / ${r.int(100000, 999999)}`,
    vat: (r) => `USt-IdNr. DE${r.int(100000000, 999999999)}`,
    items: [
      'Vollkornbrot 500g',
      'Milch 3,5% 1L',
      'Bio Eier 10St',
      'Äpfel Elstar kg',
      'Kaffee gemahlen',
      'Duschgel',
      'Zahnpasta',
      'Schrauben 4x40',
      'Mineralwasser',
      'Käse Gouda',
      'Spülmittel',
      'Butter 250g',
    ],
    taxMode: 'included',
    taxRates: [0.19, 0.07],
    deposit: { label: 'Pfand', cents: 25, empties: 'Leergut' },
    coupon: 'Rabatt',
    labels: {
      total: ['SUMME', 'zu zahlen', 'Gesamt', 'SUMME EUR'],
      cash: 'Bar',
      cashGiven: ['Gegeben Bar', 'BAR', 'Bargeld'],
      change: ['Rückgeld', 'ZURÜCK', 'Rückgeld BAR'],
      card: ['EC-Cash', 'Kartenzahlung', 'girocard', 'Geg. EC-Cash EUR'],
      // Column orders differ between chains: net/tax/gross, or tax/net/gross.
      vatTable: [
        { head: ['MwSt%', 'Netto', 'MwSt', 'Brutto'], cols: ['net', 'tax', 'gross'] },
        { head: ['MWST%', 'MWST', '+', 'Netto', '=', 'Brutto'], cols: ['tax', 'net', 'gross'] },
        { head: ['Steuer', '%', 'Netto', 'Steuer', 'Brutto'], cols: ['net', 'tax', 'gross'] },
      ],
      date: ['', 'Datum:', 'Datum'],
      negativeChange: 0.3,
      inlineQuantity: 0.4,
      cardSlip: ['Betrag EUR', 'Umsatz'],
    },
    other: { label: 'Umtausch bis', days: 28 },
    footer: ['Vielen Dank für Ihren Einkauf', 'Mo-Sa 8:00-20:00 Uhr'],
  },
  'de-CH': {
    currency: 'CHF',
    num: { decimal: '.', group: "'" },
    cur: (s) => `CHF ${s}`,
    dates: [D.dmyDot, D.dmyDotShort],
    vendors: ['Bergbeck Zürich', 'Papeterie Huber AG', 'Apotheke Meier'],
    address: (r) => [
      `${r.pick(['Bahnhofstrasse', 'Seestrasse', 'Dorfstrasse'])} ${r.int(1, 90)}`,
      `${r.int(1000, 9658)} ${r.pick(['Zürich', 'Bern', 'Luzern'])}`,
    ],
    phone: (r) => `Tel. 0${r.int(21, 91)} ${r.int(100, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`,
    vat: (r) => `CHE-${r.int(100, 999)}.${r.int(100, 999)}.${r.int(100, 999)} MWST`,
    items: [
      'Gipfeli',
      'Ruchbrot',
      'Notizbuch A5',
      'Kugelschreiber',
      'Druckerpapier',
      'Ordner breit',
      'Laptop Tasche',
      'Monitor 27 Zoll',
    ],
    taxMode: 'included',
    taxRates: [0.081, 0.026],
    labels: {
      total: ['Total CHF', 'TOTAL', 'Gesamttotal'],
      cash: 'Bar',
      cashGiven: ['Bar'],
      change: ['Rückgeld'],
      card: ['TWINT', 'Maestro', 'Visa'],
      vatTable: ['MWST', 'Satz', 'Netto', 'MWST'],
      date: '',
    },
    big: true,
    footer: ['Merci für Ihren Einkauf'],
  },
  'fr-FR': {
    currency: 'EUR',
    num: { decimal: ',', group: '\u202f' },
    cur: (s) => `${s} €`,
    dates: [D.dmySlash, D.dmySlashShort, D.named('fr')],
    vendors: [
      'Boulangerie du Marché',
      'Pharmacie Centrale',
      'Bricolage Dupont',
      'Librairie des Arts',
      'Épicerie Fine Rossi',
    ],
    address: (r) => [
      `${r.int(1, 120)} ${r.pick(['rue de la République', 'avenue Jean Jaurès', 'place du Marché', 'boulevard Voltaire'])}`,
      `${r.int(10000, 95999)} ${r.pick(['Lyon', 'Nantes', 'Lille', 'Rennes', 'Bordeaux'])}`,
    ],
    phone: (r) =>
      `Tél : 0${r.int(1, 5)} ${r.int(10, 99)} ${r.int(10, 99)} ${r.int(10, 99)} ${r.int(10, 99)}`,
    vat: (r) =>
      `SIRET ${r.int(100, 999)} ${r.int(100, 999)} ${r.int(100, 999)} ${r.int(10000, 99999)}`,
    items: [
      'Baguette tradition',
      'Croissant beurre',
      'Pain de campagne',
      'Café moulu 250g',
      'Yaourt nature x4',
      'Fromage comté',
      'Eau minérale 1,5L',
      'Savon de Marseille',
      'Ampoule LED',
      'Cahier A4',
    ],
    taxMode: 'included',
    taxRates: [0.2, 0.055],
    coupon: 'Remise fidélité',
    labels: {
      total: ['TOTAL TTC', 'NET A PAYER', 'Total à payer', 'TOTAL'],
      cash: 'Espèces',
      cashGiven: ['Espèces'],
      change: ['Rendu', 'Monnaie rendue'],
      card: ['CB', 'Carte bancaire', 'CB SANS CONTACT'],
      vatTable: ['Taux', 'HT', 'TVA', 'TTC'],
      date: 'Le',
    },
    other: { label: "Valable jusqu'au", days: 30 },
    footer: ['Merci de votre visite', 'A bientôt'],
  },
  'es-ES': {
    currency: 'EUR',
    num: { decimal: ',', group: '.' },
    cur: (s) => `${s} €`,
    dates: [D.dmySlash, D.dmyDash, D.named('es', 'of')],
    vendors: [
      'Panadería La Espiga',
      'Farmacia Ortega',
      'Ferretería El Clavo',
      'Supermercado Sol',
      'Librería Cervantes',
    ],
    address: (r) => [
      `${r.pick(['C/ Mayor', 'Avda. de la Constitución', 'Calle Alcalá', 'Plaza España'])}, ${r.int(1, 200)}`,
      `${r.int(10000, 52999)} ${r.pick(['Madrid', 'Sevilla', 'Valencia', 'Zaragoza'])}`,
    ],
    phone: (r) => `Tel. ${r.int(910, 989)} ${r.int(100, 999)} ${r.int(100, 999)}`,
    vat: (r) => `NIF: B${r.int(10000000, 99999999)}`,
    items: [
      'Pan de barra',
      'Leche entera 1L',
      'Aceite de oliva 1L',
      'Tomates kg',
      'Jamón serrano',
      'Queso manchego',
      'Agua mineral',
      'Detergente',
      'Bombilla LED',
      'Cuaderno',
    ],
    taxMode: 'included',
    taxRates: [0.21, 0.1],
    coupon: 'Descuento',
    labels: {
      total: ['TOTAL', 'Total a pagar', 'IMPORTE', 'TOTAL EUROS'],
      cash: 'Efectivo',
      cashGiven: ['Entregado', 'Efectivo'],
      change: ['Cambio', 'Cambio'],
      card: ['Tarjeta', 'TARJETA CREDITO'],
      vatTable: ['IVA', 'Base imponible', 'Cuota', 'Total'],
      date: 'Fecha:',
    },
    other: { label: 'Válido hasta', days: 15 },
    footer: ['Gracias por su visita', 'IVA incluido'],
  },
  'it-IT': {
    currency: 'EUR',
    num: { decimal: ',', group: '.' },
    cur: (s) => s,
    header: 'EURO',
    dates: [D.dmySlash, D.dmyDash, D.named('it')],
    vendors: [
      'Panificio Bianchi',
      'Farmacia San Marco',
      'Ferramenta Rossi',
      'Libreria Dante',
      'Alimentari Esposito',
    ],
    address: (r) => [
      `${r.pick(['Via Roma', 'Corso Italia', 'Piazza Garibaldi', 'Via Mazzini'])} ${r.int(1, 150)}`,
      `${r.int(10100, 98168)} ${r.pick(['Bologna', 'Torino', 'Firenze', 'Verona'])}`,
    ],
    phone: (r) => `Tel. 0${r.int(10, 99)} ${r.int(100000, 9999999)}`,
    vat: (r) => `P.IVA ${r.int(10000000000, 99999999999)}`,
    items: [
      'Pane comune',
      'Latte intero 1L',
      'Pasta di semola',
      'Pomodori pelati',
      'Parmigiano',
      'Caffè 250g',
      'Acqua naturale',
      'Detersivo',
      'Quaderno',
      'Penne',
    ],
    taxMode: 'included',
    taxRates: [0.22, 0.1, 0.04],
    coupon: 'Sconto',
    labels: {
      total: ['TOTALE COMPLESSIVO', 'TOTALE EURO', 'TOTALE'],
      cash: 'Contanti',
      cashGiven: ['Contanti', 'Pagamento contante'],
      change: ['Resto'],
      card: ['Pagamento elettronico', 'Bancomat', 'Carta di credito'],
      vatDi: 'di cui IVA',
      date: '',
    },
    footer: ['DOCUMENTO COMMERCIALE', 'di vendita o prestazione', 'Grazie e arrivederci'],
  },
  'nl-NL': {
    currency: 'EUR',
    num: { decimal: ',', group: '.' },
    cur: (s) => `€ ${s}`,
    dates: [D.dmyDash, D.dmySlash, D.named('nl')],
    vendors: [
      'Bakkerij de Vries',
      'Drogisterij Jansen',
      'Bouwmarkt Visser',
      'Boekhandel Smit',
      'Versmarkt Bakker',
    ],
    address: (r) => [
      `${r.pick(['Dorpsstraat', 'Kerkstraat', 'Marktplein', 'Stationsweg'])} ${r.int(1, 150)}`,
      `${r.int(1000, 9999)} ${r.pick(['AB', 'CD', 'KL', 'XZ'])} ${r.pick(['Utrecht', 'Haarlem', 'Zwolle', 'Breda'])}`,
    ],
    phone: (r) => `Tel: 0${r.int(10, 79)}-${r.int(1000000, 9999999)}`,
    vat: (r) => `BTW NL${r.int(100000000, 999999999)}B01`,
    items: [
      'Volkorenbrood',
      'Halfvolle melk',
      'Goudse kaas',
      'Appels Elstar',
      'Koffie 500g',
      'Hagelslag',
      'Shampoo',
      'Schroeven',
      'Frisdrank 1,5L',
      'Stroopwafels',
    ],
    taxMode: 'included',
    taxRates: [0.21, 0.09],
    deposit: { label: 'Statiegeld', cents: 15 },
    coupon: 'Korting',
    roundCash: 5,
    labels: {
      total: ['TOTAAL', 'Te betalen', 'TOTAAL EUR'],
      cash: 'Contant',
      cashGiven: ['Contant'],
      change: ['Wisselgeld', 'Terug'],
      card: ['PIN', 'Pinnen', 'Maestro'],
      vatTable: ['BTW', 'Over', 'BTW'],
      rounding: 'Afronding',
      date: '',
    },
    footer: ['Bedankt en tot ziens'],
  },
  'pt-PT': {
    currency: 'EUR',
    num: { decimal: ',', group: '.' },
    cur: (s) => `${s} €`,
    dates: [D.dmySlash, D.dmyDash, D.iso, D.named('pt', 'of')],
    vendors: [
      'Padaria Lusitana',
      'Farmácia Central',
      'Drogaria Lopes',
      'Livraria Bertrand Sá',
      'Mercearia do Bairro',
    ],
    address: (r) => [
      `${r.pick(['Rua Augusta', 'Av. da Liberdade', 'Rua de Santa Catarina'])}, ${r.int(1, 200)}`,
      `${r.int(1000, 4999)}-${r.int(100, 999)} ${r.pick(['Lisboa', 'Porto', 'Braga'])}`,
    ],
    phone: (r) => `Tel. 2${r.int(10000000, 99999999)}`,
    vat: (r) => `NIF: ${r.int(500000000, 599999999)}`,
    items: [
      'Pão de forma',
      'Leite meio-gordo',
      'Queijo flamengo',
      'Café moído',
      'Bacalhau kg',
      'Azeite 0,75L',
      'Água 1,5L',
      'Sabonete',
      'Caderno A4',
      'Pastel de nata',
    ],
    taxMode: 'included',
    taxRates: [0.23, 0.06],
    coupon: 'Desconto',
    labels: {
      total: ['TOTAL', 'Total a pagar', 'TOTAL EUR'],
      cash: 'Numerário',
      cashGiven: ['Dinheiro', 'Numerário'],
      change: ['Troco'],
      card: ['Multibanco', 'Cartão'],
      vatTable: ['Taxa', 'Base', 'IVA', 'Total'],
      date: 'Data:',
    },
    footer: ['Obrigado pela preferência', 'IVA incluído'],
  },
  'pt-BR': {
    currency: 'BRL',
    num: { decimal: ',', group: '.' },
    cur: (s) => `R$ ${s}`,
    dates: [D.dmySlash, D.named('pt', 'of')],
    vendors: [
      'Padaria Pão Dourado',
      'Drogaria São Paulo Centro',
      'Mercado Bom Preço',
      'Papelaria Ipiranga',
    ],
    address: (r) => [
      `${r.pick(['Rua das Flores', 'Av. Paulista', 'Rua XV de Novembro'])}, ${r.int(1, 2000)}`,
      `${r.pick(['São Paulo - SP', 'Curitiba - PR', 'Recife - PE'])} CEP ${r.int(10000, 99999)}-${r.int(100, 999)}`,
    ],
    phone: (r) => `Tel: (${r.int(11, 99)}) ${r.int(3000, 3999)}-${r.int(1000, 9999)}`,
    vat: (r) =>
      `CNPJ: ${r.int(10, 99)}.${r.int(100, 999)}.${r.int(100, 999)}/0001-${r.int(10, 99)}`,
    items: [
      'Pão francês kg',
      'Leite integral 1L',
      'Café 500g',
      'Arroz 5kg',
      'Feijão 1kg',
      'Queijo minas',
      'Refrigerante 2L',
      'Sabonete',
      'Caderno',
      'Banana kg',
    ],
    taxMode: 'none',
    taxRates: [0],
    coupon: 'Desconto',
    labels: {
      total: ['VALOR TOTAL', 'TOTAL', 'Valor a pagar'],
      cash: 'Dinheiro',
      cashGiven: ['Dinheiro'],
      change: ['Troco'],
      card: ['Cartão de Débito', 'Cartão de Crédito', 'PIX'],
      date: 'Data:',
    },
    big: true,
    footer: ['Obrigado e volte sempre'],
  },
  'en-MY': {
    currency: 'MYR',
    num: { decimal: '.', group: ',' },
    cur: (s) => `RM ${s}`,
    dates: [D.dmySlash, D.dmyDash, D.named('en'), D.dmySlashShort],
    vendors: [
      'KEDAI RUNCIT AH HOCK',
      'RESTORAN SRI MELATI',
      'SYARIKAT PERNIAGAAN LIM',
      'FARMASI SEJAHTERA SDN BHD',
      'HOCK SENG HARDWARE SDN BHD',
    ],
    address: (r) => [
      `NO ${r.int(1, 120)}, JALAN ${r.pick(['SS 2/24', 'TUN RAZAK', 'PUDU', 'AMPANG'])},`,
      `${r.int(40000, 81999)} ${r.pick(['PETALING JAYA, SELANGOR', 'KUALA LUMPUR', 'JOHOR BAHRU, JOHOR'])}`,
    ],
    phone: (r) => `TEL: 03-${r.int(1000, 9999)} ${r.int(1000, 9999)}`,
    vat: (r) => `(${r.int(100000, 999999)}-${r.pick(['A', 'D', 'K', 'W'])})`,
    items: [
      'MILO 1KG',
      'ROTI GARDENIA',
      'TEH TARIK',
      'NASI LEMAK',
      'MEGGI KARI 5S',
      'SABUN CUCI',
      'PAKU 2"',
      'AIR MINERAL 1.5L',
      'BISKUT',
      'MINYAK MASAK 2KG',
    ],
    taxMode: 'sst',
    taxRates: [0.06],
    roundCash: 5,
    labels: {
      subtotal: 'SUB TOTAL',
      tax: () => 'SST 6%',
      total: ['TOTAL', 'TOTAL (RM)', 'GRAND TOTAL'],
      cash: 'CASH',
      change: 'CHANGE',
      card: ['VISA', 'MASTERCARD', 'TNG EWALLET'],
      rounding: 'ROUNDING ADJ',
      date: 'DATE:',
    },
    footer: ['THANK YOU. PLEASE COME AGAIN', 'GOODS SOLD ARE NOT RETURNABLE'],
  },
};

export const LOCALE_NAMES = Object.keys(LOCALES);

const WIDTH = 42;
const row = (left, right = '') => {
  const space = Math.max(1, WIDTH - left.length - right.length);
  return `${left}${' '.repeat(space)}${right}`;
};
const center = (text) => `${' '.repeat(Math.max(0, Math.floor((WIDTH - text.length) / 2)))}${text}`;

function randomDate(rng) {
  const y = rng.int(2023, 2025);
  const m = rng.int(1, 12);
  const d = rng.int(1, new Date(Date.UTC(y, m, 0)).getUTCDate());
  return { y, m, d };
}

function addDays({ y, m, d }, days) {
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** One receipt of a locale: its printed lines and its truth. */
function buildReceipt(localeName, rng, index) {
  const L = LOCALES[localeName];
  const fmt = (cents) => money(cents, L.num);
  const lines = [];
  const vendor = rng.pick(L.vendors);
  lines.push(center(vendor));
  for (const line of L.address(rng)) lines.push(center(line));
  lines.push(center(L.phone(rng)));
  if (L.vat && rng.chance(0.8)) lines.push(center(L.vat(rng)));
  lines.push('');
  const date = randomDate(rng);
  const printDate = rng.pick(L.dates);
  const time = `${pad2(rng.int(7, 21))}:${pad2(rng.int(0, 59))}`;
  const dateLabel = Array.isArray(L.labels.date) ? rng.pick(L.labels.date) : L.labels.date;
  const dateLine = row(`${dateLabel ? `${dateLabel} ` : ''}${printDate(date)}`, time);
  const dateAtTop = localeName !== 'de-DE' || rng.chance(0.3);
  if (dateAtTop) lines.push(dateLine, '');
  if (L.header) lines.push(row('', L.header));

  // Items: price × quantity, the odd deposit and coupon, tax codes on European receipts.
  const nItems = rng.int(2, 9);
  const byRate = new Map();
  let itemsTotal = 0;
  for (let i = 0; i < nItems; i++) {
    const name = rng.pick(L.items);
    const qty = rng.chance(0.2) ? rng.int(2, 4) : 1;
    const unit = L.big && rng.chance(0.4) ? rng.int(5000, 189900) : rng.int(49, 2499);
    const cents = unit * qty;
    const rateIndex = rng.int(0, L.taxRates.length - 1);
    const code = L.taxMode === 'included' ? ` ${'ABC'[rateIndex]}` : '';
    if (qty > 1 && rng.chance(L.labels.inlineQuantity ?? 0)) {
      lines.push(row(`${name} ${qty} x ${fmt(unit)}`, `${fmt(cents)}${code}`));
    } else {
      if (qty > 1) lines.push(`  ${qty} x ${fmt(unit)}`);
      lines.push(row(name, `${fmt(cents)}${code}`));
    }
    byRate.set(rateIndex, (byRate.get(rateIndex) ?? 0) + cents);
    itemsTotal += cents;
    if (L.deposit && rng.chance(0.25)) {
      const dep = L.deposit.cents * qty;
      lines.push(row(`${L.deposit.label}`, `${fmt(dep)} A`));
      byRate.set(0, (byRate.get(0) ?? 0) + dep);
      itemsTotal += dep;
    }
  }
  if (L.deposit?.empties && rng.chance(0.2)) {
    const back = -L.deposit.cents * rng.int(2, 8);
    lines.push(row(L.deposit.empties, `${fmt(back)} A`));
    byRate.set(0, (byRate.get(0) ?? 0) + back);
    itemsTotal += back;
  }
  if (L.coupon && rng.chance(0.25)) {
    const off = -Math.min(rng.int(20, 300), Math.floor(itemsTotal / 4));
    lines.push(row(L.coupon, fmt(off)));
    byRate.set(0, (byRate.get(0) ?? 0) + off);
    itemsTotal += off;
  }
  if (L.labels.items) lines.push(L.labels.items(nItems));

  // Tax: added on top (US, MY), or included with a table of net, tax and gross per rate.
  let total = itemsTotal;
  const taxRows = [];
  if (L.taxMode === 'added' || L.taxMode === 'sst') {
    const rate = rng.pick(L.taxRates);
    const tax = Math.round(itemsTotal * rate);
    total = itemsTotal + tax;
    lines.push(row(L.labels.subtotal, fmt(itemsTotal)));
    lines.push(row(L.labels.tax(rate), fmt(tax)));
  } else if (L.taxMode === 'included') {
    for (const [rateIndex, gross] of [...byRate].sort((a, b) => a[0] - b[0])) {
      const rate = L.taxRates[rateIndex];
      const net = Math.round(gross / (1 + rate));
      taxRows.push({ code: 'ABC'[rateIndex], rate, net, tax: gross - net, gross });
    }
  }
  lines.push('-'.repeat(WIDTH));
  let rounded = total;
  const payCash = rng.chance(0.5);
  if (L.roundCash && payCash) rounded = Math.round(total / L.roundCash) * L.roundCash;
  const totalLabel = rng.pick(L.labels.total);
  lines.push(row(totalLabel, L.cur(fmt(total))));
  if (rounded !== total) {
    lines.push(row(L.labels.rounding, fmt(rounded - total)));
    if (localeName === 'en-MY') lines.push(row('TOTAL ROUNDED', L.cur(fmt(rounded))));
    else lines.push(row(rng.pick(L.labels.total), L.cur(fmt(rounded))));
  }
  if (payCash) {
    const note = [500, 1000, 2000, 5000, 10000, 20000].find((n) => n >= rounded) ?? rounded;
    const given = rng.chance(0.3) ? rounded : note;
    lines.push(row(rng.pick(L.labels.cashGiven ?? [L.labels.cash]), fmt(given)));
    const changeLabel = Array.isArray(L.labels.change)
      ? rng.pick(L.labels.change)
      : L.labels.change;
    const change = given - rounded;
    const negative = change > 0 && rng.chance(L.labels.negativeChange ?? 0);
    lines.push(row(changeLabel, fmt(negative ? -change : change)));
  } else {
    lines.push(row(rng.pick(L.labels.card), fmt(rounded)));
  }
  if (L.labels.vatDi) {
    const tax = taxRows.length
      ? taxRows.reduce((s, t) => s + t.tax, 0)
      : Math.round(total - total / 1.22);
    lines.push(row(L.labels.vatDi, fmt(tax)));
  }
  if (L.labels.vatTable && taxRows.length > 0) {
    const table =
      typeof L.labels.vatTable[0] === 'string'
        ? { head: L.labels.vatTable, cols: ['net', 'tax', 'gross'] }
        : rng.pick(L.labels.vatTable);
    const cells = (t) => table.cols.map((k) => fmt(t[k])).join('  ');
    lines.push('');
    lines.push(table.head.join('  '));
    for (const t of taxRows) {
      lines.push(
        `${t.code} ${(t.rate * 100).toFixed(1).replace('.', L.num.decimal)}%  ${cells(t)}`,
      );
    }
    if (taxRows.length > 1) {
      const sum = (k) => taxRows.reduce((s, t) => s + t[k], 0);
      const sums = { net: sum('net'), tax: sum('tax'), gross: sum('gross') };
      lines.push(`${localeName.startsWith('de') ? 'Summe' : 'Total'}   ${cells(sums)}`);
    }
  }
  if (!payCash && L.labels.cardSlip && rng.chance(0.6)) {
    lines.push('', center('Kundenbeleg'), row('Terminal-ID', String(rng.int(10000000, 99999999))));
    lines.push(row(rng.pick(L.labels.cardSlip), fmt(rounded)));
  }
  lines.push('');
  if (!dateAtTop) lines.push(dateLine);
  if (L.other && rng.chance(0.35)) {
    lines.push(`${L.other.label} ${printDate(addDays(date, L.other.days))}`);
  }
  for (const line of L.footer) lines.push(center(line));
  const iso = `${date.y}-${pad2(date.m)}-${pad2(date.d)}`;
  return {
    id: `${localeName}-${String(index).padStart(3, '0')}`,
    locale: localeName,
    lines,
    truth: { vendor, date: iso, total: (rounded / 100).toFixed(2), currency: L.currency },
  };
}

/** `perLocale` receipts of each locale, the same for the same seed. */
export function generateReceipts({ seed = 15, perLocale = 20, locales = LOCALE_NAMES } = {}) {
  const out = [];
  for (const name of locales) {
    if (!LOCALES[name])
      throw new Error(`unknown locale ${name} (known: ${LOCALE_NAMES.join(', ')})`);
    // One stream per locale, so adding a locale does not change the others.
    const rng = createRng(seed * 7919 + [...name].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
    for (let i = 0; i < perLocale; i++) out.push(buildReceipt(name, rng, i));
  }
  return out;
}

/** The rows from the first priced row to the last, as a left column followed by a right one. */
function splitColumns(rows) {
  const priced = rows.map((r) => / {2,}\S+$/.test(r.trimStart()) && /\d$|\d [A-C]$/.test(r));
  const first = priced.indexOf(true);
  const last = priced.lastIndexOf(true);
  if (first < 0 || last <= first) return rows;
  const lefts = [];
  const rights = [];
  for (const r of rows.slice(first, last + 1)) {
    const m = /^(.*?\S) {2,}(\S.*)$/.exec(r.trimStart());
    if (m) {
      lefts.push(m[1]);
      rights.push(m[2]);
    } else lefts.push(r);
  }
  return [...rows.slice(0, first), ...lefts, ...rights, ...rows.slice(last + 1)];
}

const CONFUSIONS = [
  ['O', '0'],
  ['0', 'O'],
  ['l', '1'],
  ['I', '1'],
  ['S', '5'],
  ['B', '8'],
  ['€', 'E'],
  ['€', 'C'],
  [',', '.'],
  ['.', ','],
  ['m', 'rn'],
  ['M', 'N'],
  ['E', 'F'],
  ['Ü', 'U'],
  ['ü', 'u'],
];

/**
 * The text as an OCR engine might return it: columns collapsed to single spaces, accents lost,
 * O/0, l/1, S/5, m/rn confusions, the odd "," for "." and a lost or doubled space, a lost line,
 * and now and then the labels and the amounts of the money block read as two separate columns. `level` scales the
 * rates (0 = clean).
 */
export function ocrNoise(text, rng, level = 1) {
  if (level <= 0) return text.replace(/ {2,}/g, ' ');
  let rows = text.split('\n');
  // Tesseract reads a wide gap as two blocks now and then: every label of the money block first,
  // then every amount, so no amount shares a line with its label.
  if (rng.chance(0.25 * level)) rows = splitColumns(rows);
  return rows
    .map((line) => (rng.chance(0.01 * level) ? '' : line))
    .map((line) => {
      let out = line.replace(/ {2,}/g, ' ');
      if (rng.chance(0.3 * level)) out = out.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      let chars = '';
      for (const ch of out) {
        const swap = CONFUSIONS.filter(([from]) => from === ch);
        if (swap.length > 0 && rng.chance(0.015 * level)) chars += rng.pick(swap)[1];
        else if (ch === ' ' && rng.chance(0.03 * level)) chars += rng.chance(0.5) ? '' : '  ';
        else chars += ch;
      }
      return chars;
    })
    .join('\n');
}

// Fonts installed with fonts-dejavu / fonts-liberation (see `fc-list`); receipt printers use
// monospaced and narrow sans faces alike.
export const FONTS = [
  'DejaVu Sans Mono',
  'Liberation Mono',
  'DejaVu Sans Condensed',
  'Liberation Sans Narrow',
];

/**
 * A receipt as a JPEG: one of FONTS (by seed, or `font`) on paper, with optional blur, rotation
 * (degrees) and speckle noise (dots per 10,000 px²), all seeded.
 */
export async function renderReceiptImage(
  receipt,
  { blur = 0, rotate = 0, noise = 0, seed = 1, font } = {},
) {
  const fontSize = 26;
  const lineHeight = 36;
  const width = Math.round(WIDTH * fontSize * 0.61) + 60;
  const height = receipt.lines.length * lineHeight + 80;
  const family = font ?? FONTS[seed % FONTS.length];
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  // Columns are placed, not padded, so proportional faces keep prices right-aligned.
  const text = receipt.lines
    .map((line, i) => {
      const y = 60 + i * lineHeight;
      const weight = i === 0 ? 'bold' : 'normal';
      const columns = /^(\S.*?\S|\S) {2,}(\S.*)$/.exec(line);
      if (columns) {
        return (
          `<text x="30" y="${y}" font-weight="${weight}">${esc(columns[1])}</text>` +
          `<text x="${width - 30}" y="${y}" text-anchor="end">${esc(columns[2])}</text>`
        );
      }
      if (/^ {2,}\S/.test(line) && line.trim().length < WIDTH - 4 && !/^ {1,3}\d/.test(line)) {
        return `<text x="${width / 2}" y="${y}" text-anchor="middle" font-weight="${weight}">${esc(line.trim())}</text>`;
      }
      return `<text x="30" y="${y}" xml:space="preserve" font-weight="${weight}">${esc(line)}</text>`;
    })
    .join('');
  const rng = createRng(seed);
  const dots = Math.round(((width * height) / 10_000) * noise);
  const speckle = Array.from(
    { length: dots },
    () =>
      `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${(rng.next() * 1.6 + 0.4).toFixed(1)}" fill="#${rng.pick(['333', '555', '777', '999'])}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#fbfaf6"/>
    <g font-family="${family}, monospace" font-size="${fontSize}" fill="#1a1a1a">${text}</g>${speckle}</svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: '#fbfaf6' });
  if (blur > 0) image = image.blur(blur);
  if (rotate) {
    image = sharp(await image.png().toBuffer()).rotate(rotate, { background: '#8a8a8a' });
  }
  return image.jpeg({ quality: 88 }).toBuffer();
}
