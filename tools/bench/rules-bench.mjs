// The fast mode of `npm run bench:extraction -- --fast`: the extraction rules alone (ocr-service's
// built dist/), without images, OCR or a stack, so tuning takes seconds.
//   --set locales: the generated receipts of tools/bench/locale-receipts.mjs, their text passed
//                  through ocrNoise (--noise 0 for clean text);
//   --set sroie:   the SROIE folder's own line transcripts (box/NNN.csv), or with --from-texts DIR
//                  the OCR texts tools/bench/ocr-bench.mjs saved there.
// Reports per locale and per field (vendor, date, total, currency) with the time per receipt.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRng, generateReceipts, ocrNoise } from './locale-receipts.mjs';
import { percentile, score, sroieTexts } from './sroie-truth.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { extractFields } = await import(
  path.join(ROOT, 'apps/ocr-service/dist/extraction/extract-fields.js')
);

// Fixed "today", so a seed gives the same figures on any day.
const REFERENCE_DATE = new Date('2026-11-25T12:00:00Z');

const pct = (rows, field) => {
  const known = rows.filter((r) => r[field] !== undefined);
  if (known.length === 0) return '–';
  const hits = known.filter((r) => r[field]).length;
  return `${((100 * hits) / known.length).toFixed(1)}%`;
};

function table(groups) {
  const lines = [
    '| set | n | vendor exact | vendor ≥0.8 | date | total | currency | ms/receipt p50 | p95 |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, rows] of groups) {
    const ms = rows.map((r) => r.ms);
    lines.push(
      `| ${name} | ${rows.length} | ${pct(rows, 'vendorExact')} | ${pct(rows, 'vendorClose')} | ${pct(rows, 'date')} | ${pct(rows, 'total')} | ${pct(rows, 'currency')} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 95).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

function scoreOne(id, group, text, key, options, showMisses) {
  const started = performance.now();
  const fields = extractFields(text, { referenceDate: REFERENCE_DATE, ...options });
  const ms = performance.now() - started;
  const row = { id, group, ms, ...score(fields, key) };
  if (key.currency) row.currency = fields.currency === key.currency;
  if (showMisses && (!row.vendorClose || !row.date || !row.total || row.currency === false)) {
    process.stdout.write(
      `${id}` +
        (row.vendorClose
          ? ''
          : `\n  vendor:   got ${JSON.stringify(fields.vendor)} want ${JSON.stringify(key.company)}`) +
        (row.date ? '' : `\n  date:     got ${fields.date} want ${key.date}`) +
        (row.total ? '' : `\n  total:    got ${fields.total} want ${key.total}`) +
        (row.currency === false
          ? `\n  currency: got ${fields.currency} want ${key.currency}`
          : '') +
        '\n',
    );
    if (showMisses === 'text') process.stdout.write(`${text}\n----\n`);
  }
  return row;
}

/** Generated receipts of each locale, rules on their (noisy) text. */
export function benchLocales({ seed, perLocale, locales, noise, hint, showMisses }) {
  const receipts = generateReceipts({ seed, perLocale, locales });
  const groups = new Map();
  for (const r of receipts) {
    // Noise seeded per receipt, so a receipt reads the same whichever locales run with it.
    const rng = createRng(seed + [...r.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 1));
    const text = ocrNoise(r.lines.join('\n'), rng, noise);
    const key = { company: r.truth.vendor, ...r.truth };
    const row = scoreOne(r.id, r.locale, text, key, hint ? { locale: r.locale } : {}, showMisses);
    groups.set(r.locale, [...(groups.get(r.locale) ?? []), row]);
  }
  const all = [...groups.values()].flat();
  return `${table([...groups, ['all locales', all]])}\n\nseed ${seed}, ${perLocale} per locale, OCR noise level ${noise}, locale hint ${hint ? 'the receipt’s own' : 'none'}.`;
}

/** The SROIE folder through the rules: its transcripts, or OCR texts saved by ocr-bench. */
export async function benchSroie({ dataDir, fromTexts, showMisses }) {
  const rows = (await sroieTexts(dataDir, fromTexts)).map(({ id, key, text, lines }) =>
    scoreOne(id, 'sroie', text, { ...key, currency: 'MYR' }, { lines }, showMisses),
  );
  const label = fromTexts ? `SROIE, OCR texts of ${fromTexts}` : 'SROIE, line transcripts (box/)';
  return table([[label, rows]]);
}
