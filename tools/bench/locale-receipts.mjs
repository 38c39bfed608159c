// Rendered receipts of many locales, with their truth, for `npm run bench:extraction -- --set
// locales`. Everything comes from a seeded generator, so a seed names the same receipts on every
// machine: nothing is committed but these files (the locales themselves are in locale-data.mjs).
//
//   generateReceipts({ seed, perLocale, locales })  → [{ id, locale, lines, truth }]
//   renderReceiptImage(receipt, { blur, rotate, noise, seed, font, page, photo }) → JPEG (sharp,
//   FONTS; `page` a whole-page scan, `photo` a phone photo at an angle: locale-photos.mjs)
//   ocrNoise(text, rng, level) → the text as an OCR engine might return it
//
// The layouts follow what shops print: header, address, VAT or company number, items (with tax
// codes, deposits and coupons where typical), subtotal and tax (added on top in the US, included
// elsewhere), the total, the payment (cash with change, or card), a tax table, a footer, and now
// and then a date that is not the purchase date (return by, valid until).
import sharp from 'sharp';
import { LOCALE_BRANDS } from './locale-brands.mjs';
import { placeInPhoto } from './locale-photos.mjs';
import { LOCALES, pad2 } from './locale-data.mjs';

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

/**
 * An amount as the locale prints it: decimal mark, thousands separator, and for a currency without
 * minor units (`minor: 0`: VND, COP) whole units with no decimals; `prefix` is a mark some tills
 * print before every amount (Turkey's `*`); `lakhs` groups by India's lakhs and crores.
 */
function money(amount, { decimal, group, minor = 2, prefix = '', lakhs = false }) {
  const negative = amount < 0;
  const abs = Math.abs(amount);
  const units = minor === 0 ? abs : Math.floor(abs / 100);
  // India groups the last three digits, then by twos (lakhs, crores): 1,24,990.
  const groups = lakhs ? /\B(?=(\d{2})*\d{3}(?!\d))/g : /\B(?=(\d{3})+(?!\d))/g;
  const whole = String(units).replace(groups, group);
  const fraction = minor === 0 ? '' : `${decimal}${pad2(abs % 100)}`;
  return `${negative ? '-' : ''}${prefix}${whole}${fraction}`;
}

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
  // Amounts are drawn in cents; a currency without minor units (`minor: 0`) draws whole units and
  // scales them to its prices (a coffee is 25.000 ₫).
  const scale = L.scale ?? 1;
  const lines = [];
  const printed = rng.pick(L.vendors);
  // A third of the receipts come from a chain whose name is only a logo (its own stream, so the
  // other receipts of a seed stay as they were).
  const logoRng = createRng(
    index * 104729 + [...localeName].reduce((h, c) => h * 31 + c.charCodeAt(0), 3),
  );
  const chain =
    LOCALE_BRANDS[localeName] && logoRng.chance(1 / 3)
      ? logoRng.pick(LOCALE_BRANDS[localeName])
      : null;
  const vendor = chain ? chain.name : printed;
  if (!chain) lines.push(center(printed));
  else if (logoRng.chance(0.6)) lines.push(center(logoNoise(logoRng)));
  for (const line of L.address(rng)) lines.push(center(line));
  // Where the chain's name is printed: its company line under the address, or the footer.
  const where = chain ? logoRng.pick(['company', 'footer', 'web', 'mail']) : null;
  if (where === 'company') lines.push(center(chain.company));
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
    const unit = scale * (L.big && rng.chance(0.4) ? rng.int(5000, 189900) : rng.int(49, 2499));
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
    const off = -Math.min(scale * rng.int(20, 300), Math.floor(itemsTotal / 4));
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
  // A change-over's second currency (not what was paid): beside the total, or on a line of its
  // own under it, labelled as the total or not.
  const second = L.second?.years.includes(date.y)
    ? L.second.cur(fmt(Math.round(total * L.second.perUnit)))
    : null;
  const secondPlace = second ? rng.pick(['beside', 'labelled', 'alone']) : null;
  lines.push(
    row(totalLabel, `${L.cur(fmt(total))}${secondPlace === 'beside' ? `  ${second}` : ''}`),
  );
  if (secondPlace === 'labelled') lines.push(row(totalLabel, second));
  if (secondPlace === 'alone') lines.push(row('', second));
  if (rounded !== total) {
    lines.push(row(L.labels.rounding, fmt(rounded - total)));
    if (localeName === 'en-MY') lines.push(row('TOTAL ROUNDED', L.cur(fmt(rounded))));
    else lines.push(row(rng.pick(L.labels.total), L.cur(fmt(rounded))));
  }
  if (payCash) {
    const note =
      [500, 1000, 2000, 5000, 10000, 20000].map((n) => n * scale).find((n) => n >= rounded) ??
      rounded;
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
  if (where === 'footer') lines.push(center(chain.company));
  if (where === 'web') lines.push(center(`www.${chain.host}`));
  if (where === 'mail') lines.push(center(`service@${chain.host}`));
  const iso = `${date.y}-${pad2(date.m)}-${pad2(date.d)}`;
  return {
    id: `${localeName}-${String(index).padStart(3, '0')}`,
    locale: localeName,
    lines,
    // A chain's receipt that prints its company's name is right read as the brand or as that name.
    truth: {
      vendor,
      vendors:
        chain && (where === 'company' || where === 'footer') ? [vendor, chain.company] : [vendor],
      date: iso,
      total: L.num.minor === 0 ? `${rounded}.00` : (rounded / 100).toFixed(2),
      currency: L.currency,
    },
  };
}

/** What OCR makes of a logo: a few letters of no word ("AdLnbDneI", "IIl"). */
function logoNoise(rng) {
  const letters = 'AaBDdeEIilLnNObMmRrSsTtUuVvWwXx|/';
  return Array.from({ length: rng.int(3, 9) }, () => rng.pick([...letters])).join('');
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
 * (degrees) and speckle noise (dots per 10,000 px²), all seeded; with `page` on a scanned A4
 * page, with `photo` ({ minTilt, maxTilt } degrees) in a phone photo taken at an angle.
 */
export async function renderReceiptImage(
  receipt,
  { blur = 0, rotate = 0, noise = 0, seed = 1, font, page, photo } = {},
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
  if (photo) return placeInPhoto(await image.png().toBuffer(), { seed, ...photo });
  if (page) return placeOnPage(await image.png().toBuffer(), { page, seed, angle: rotate });
  if (rotate) {
    image = sharp(await image.png().toBuffer()).rotate(rotate, { background: '#8a8a8a' });
  }
  return image.jpeg({ quality: 88 }).toBuffer();
}

/** An A4 page at 300 dpi, as a flatbed scanner saves it. */
export const A4_300DPI = { width: 2480, height: 3508 };

/**
 * A whole-page scan: the receipt (already drawn at about 300 dpi) laid somewhere on an A4 page,
 * turned by up to `angle` degrees either way (a random share of it), on a white page or the grey
 * of a scanner lid, with the faint noise and the darker border a scanner adds.
 */
async function placeOnPage(receiptPng, { page, seed, angle = 2 }) {
  const rng = createRng(seed * 7 + 3);
  const grey = page === 'grey' || (page === 'mix' && seed % 2 === 0);
  const background = grey ? { r: 176, g: 176, b: 172 } : { r: 250, g: 250, b: 250 };
  const turn = (rng.next() * 2 - 1) * (angle || 2);
  const turned = await sharp(receiptPng)
    .rotate(turn, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scale = Math.min(
    1,
    (A4_300DPI.width * 0.9) / turned.info.width,
    (A4_300DPI.height * 0.9) / turned.info.height,
  );
  const receipt =
    scale < 1
      ? await sharp(turned.data)
          .resize(Math.floor(turned.info.width * scale))
          .png()
          .toBuffer({ resolveWithObject: true })
      : turned;
  const left = rng.int(40, Math.max(41, A4_300DPI.width - receipt.info.width - 40));
  const top = rng.int(40, Math.max(41, A4_300DPI.height - receipt.info.height - 40));
  const border = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${A4_300DPI.width}" height="${A4_300DPI.height}">
      <rect x="6" y="6" width="${A4_300DPI.width - 12}" height="${A4_300DPI.height - 12}" fill="none" stroke="#5a5a5a" stroke-width="14" opacity="0.5"/></svg>`,
  );
  return sharp({ create: { ...A4_300DPI, channels: 3, background } })
    .composite([
      { input: receipt.data, left, top },
      { input: border, left: 0, top: 0 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
