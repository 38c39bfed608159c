// Real receipts in seconds: `record` reads every receipt of ../shared/bench/real-receipts once
// through ocr-service's own `readReceipt` (hybrid engine) and keeps each OCR engine answer, in
// call order, as JSON in a folder outside the repository; `replay` runs `readReceipt` of the
// built ocr-service again (preprocessing, layout, every rule) with those answers instead of the
// engine, and scores like `bench:extraction -- --set real`: per field right / wrong but in the
// review queue / wrong and not in it. A replay of unchanged code gives the recorded reading
// exactly; a change to preprocessing that moves the image makes the recorded boxes lie.
//
//   npx tsc -b apps/ocr-service/tsconfig.json
//   node tools/bench/real-replay.mjs record DIR          # minutes: OCR of every receipt once
//   node tools/bench/real-replay.mjs replay DIR [--show-misses] [--only id,id] [--text]
//
// --photo KIND (record and replay alike) reads each picture as a worse photo of the same paper
// would show it: `upside-down`, `tilted` (4°), `small` (half the pixels each way), `blurred`,
// `dim` (underexposed, low contrast), `shadow` (over the left half), `jpeg` (quality 25), `table`
// (on a wooden table), `keystone` (taken at an angle, the top narrower). A stand-in for receipts
// nobody tuned on: the rules were written on these pictures, not on these versions of them.
// Record each kind in a folder of its own and replay it with the same --photo.
//
// The review rule is the one of apps/expenses-service/src/expenses/expense-filter.ts
// (`needsReview`), read from the fields' evidence as the service stores it.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  currencyRight,
  leftUnread,
  outcome,
  queueLine,
  score,
  scoreReal,
  sroieTexts,
} from './sroie-truth.mjs';
import { PHOTO_KINDS, worsePhoto } from './worse-photos.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = path.join(ROOT, '../shared/bench/real-receipts');
const dist = (file) => path.join(ROOT, 'apps/ocr-service/dist', file);
const { readReceipt } = await import(dist('read/read-receipt.js'));
const { ReceiptUploadLimits, REVIEW_CONFIDENCE_THRESHOLD } = await import('@snaptrack/contracts');

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: {
    'show-misses': { type: 'boolean', default: false },
    fields: { type: 'boolean', default: false },
    text: { type: 'boolean', default: false },
    only: { type: 'string' },
    'sroie-texts': { type: 'string' },
    photo: { type: 'string' },
  },
});
const [mode, dir] = positionals;
if (!['record', 'replay', 'calibrate'].includes(mode) || !dir) {
  throw new Error(
    'usage: real-replay.mjs record|replay|calibrate DIR [--show-misses] [--fields] [--text] [--only id,id] [--sroie-texts DIR] [--photo KIND]',
  );
}

if (args.photo && !PHOTO_KINDS.includes(args.photo)) {
  throw new Error(`--photo: one of ${PHOTO_KINDS.join(', ')}`);
}

/** A receipt's picture as read: the file's bytes, or the worse photo --photo asks for. */
async function picture(file) {
  const bytes = await readFile(path.join(DATA, 'img', file));
  return args.photo ? worsePhoto(bytes, args.photo) : bytes;
}
const folder = path.resolve(dir);
if (folder.startsWith(ROOT + path.sep)) throw new Error('DIR must be outside the repository');

/** readReceipt as ocr-service calls it, with `recognize` given. */
const read = (file, recognize, doubtfulBelow, languages) =>
  readReceipt(file, {
    recognize,
    engineName: 'hybrid',
    doubtfulBelow,
    languages,
    maxPixels: ReceiptUploadLimits.maxPixels,
  });

async function record() {
  const { createOcrEngine } = await import(dist('ocr/create-ocr-engine.js'));
  await mkdir(folder, { recursive: true });
  const engine = createOcrEngine('hybrid');
  await engine.start?.();
  for (const file of (await readdir(path.join(DATA, 'img'))).sort()) {
    const id = file.replace(/\.[^.]+$/, '');
    const calls = [];
    const started = Date.now();
    const reading = await read(
      await picture(file),
      async (image, options) => {
        const result = await engine.recognize(image, options);
        calls.push(result);
        return result;
      },
      engine.doubtfulBelow,
      engine.languages,
    );
    const record = { id, file, doubtfulBelow: engine.doubtfulBelow, calls };
    await writeFile(path.join(folder, `${id}.json`), JSON.stringify(record));
    console.log(`${id}: ${reading.status}, ${Date.now() - started} ms`);
  }
  await engine.close?.();
}

/** The review queue's rule (expense-filter.ts `needsReview`) on a fresh reading. */
function inReview(reading) {
  if (reading.status !== 'ready') return true;
  const evidence = reading.fields?.evidence ?? {};
  const unsure = (key) => (evidence[key]?.confidence ?? 1) < REVIEW_CONFIDENCE_THRESHOLD;
  const flagged = (key) => evidence[key]?.flag != null;
  // A currency the receipt did not give becomes the home currency flagged `assumed`
  // (expenses-service, receipts.service.ts).
  if (reading.fields?.currency == null) return true;
  return (
    ['vendor', 'amount', 'expense_date', 'tax_amount'].some(unsure) ||
    ['vendor', 'amount', 'expense_date', 'currency'].some(flagged)
  );
}

/** One receipt's fields: right or wrong, confidence, flag and the evidence the rules went by. */
function fieldLine(row, evidence, basis = {}) {
  const shown = (ok, key, kind) => {
    const e = evidence[key];
    const state = ok === null ? 'unscored' : ok ? 'right' : 'WRONG';
    const conf = e ? `${e.confidence}${e.flag ? ` ${e.flag}` : ''}` : '–';
    return `${state} ${conf}${kind ? ` (${kind})` : ''}`;
  };
  return (
    `${row.id}: ${row.queued ? 'queued' : 'not queued'}, ${row.all ? 'all right' : 'a field wrong'}` +
    `\n  vendor ${shown(row.vendorClose, 'vendor', basis.vendor)}` +
    ` | total ${shown(row.total, 'amount', basis.total)}` +
    ` | date ${shown(row.date, 'expense_date', basis.date)}` +
    ` | currency ${shown(row.currency, 'currency', basis.currency)}` +
    ` | tax ${shown(null, 'tax_amount')}`
  );
}

/** Every recorded receipt read again and scored: one row per receipt, with its reading. */
async function replayRows(only) {
  const rows = [];
  for (const name of (await readdir(folder)).filter((f) => f.endsWith('.json')).sort()) {
    const record = JSON.parse(await readFile(path.join(folder, name), 'utf8'));
    if (only && !only.includes(record.id)) continue;
    const key = JSON.parse(await readFile(path.join(DATA, 'key', `${record.id}.json`), 'utf8'));
    let call = 0;
    const reading = await read(
      await picture(record.file),
      async () => record.calls[Math.min(call++, record.calls.length - 1)],
      record.doubtfulBelow,
    );
    const fields = reading.fields ?? {};
    const evidence = fields.evidence ?? {};
    // Scored as bench:extraction --set real scores the stored expense: a date flagged not read
    // is not read, whatever the column holds; a currency by the one rule of sroie-truth.mjs.
    const row = {
      id: record.id,
      queued: inReview(reading),
      unread: reading.status !== 'ready' || leftUnread(evidence, fields.currency),
      currency: currencyRight(fields.currency, evidence.currency?.flag, key.currency),
      ...scoreReal(
        {
          vendor: fields.vendor || null,
          total: fields.amount ?? null,
          date: evidence.expense_date?.flag === 'not_read' ? null : (fields.expense_date ?? null),
        },
        key,
      ),
    };
    row.all = [row.total, row.date, row.vendorClose, row.currency].every((ok) => ok !== false);
    rows.push({ row, reading, key });
  }
  return rows;
}

async function replay() {
  const only = args.only?.split(',');
  const read = await replayRows(only);
  const rows = read.map(({ row }) => row);
  for (const { row, reading, key } of read) {
    const fields = reading.fields ?? {};
    const evidence = fields.evidence ?? {};
    if (args.fields) console.log(fieldLine(row, evidence, reading.basis));
    if (args.text) console.log(`--- ${row.id}\n${reading.rawText ?? '(no text)'}`);
    if (args['show-misses'] && !row.all) {
      const miss = (field, got, want) =>
        row[field] === false ? `\n  ${field}: got ${JSON.stringify(got)} want ${want}` : '';
      console.log(
        `${row.id}${row.queued ? '' : ' NOT IN REVIEW'}` +
          miss('total', fields.amount, key.total) +
          miss('date', fields.expense_date, key.date) +
          miss('vendorClose', fields.vendor, JSON.stringify(key.company)) +
          miss('currency', fields.currency, key.currency),
      );
    }
  }
  console.log('| field | scored | right | wrong, in review | wrong, not in review |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const field of ['total', 'date', 'vendorClose', 'currency', 'all']) {
    const o = outcome(rows, field);
    console.log(`| ${field} | ${o.n} | ${o.right} | ${o.flagged} | ${o.silent} |`);
  }
  console.log(queueLine(rows));
}

/**
 * The measurements behind ocr-service's confidence table (extraction/calibration.ts): per field
 * and kind of evidence, how often it was right on the real receipts and on sroie-train; the table
 * they give; the review queue on the real receipts with it, in sample and 2-fold.
 */
async function calibrate() {
  const { calibrationReport } = await import('./calibration-fit.mjs');
  const real = (await replayRows()).map(({ row, reading }) => realSample(row, reading));
  const sroie = await sroieSamples(args['sroie-texts'] ? path.resolve(args['sroie-texts']) : null);
  console.log(calibrationReport({ real, sroie, threshold: REVIEW_CONFIDENCE_THRESHOLD }));
}

/**
 * A real receipt as calibration sees it: each review field's evidence kind and whether it was
 * right (null: not scored), and whether anything but those confidences queues it (a flag, the
 * tax contradicting the total, a failed reading).
 */
function realSample(row, reading) {
  const evidence = reading.fields?.evidence ?? {};
  const basis = reading.basis ?? {};
  const field = (name, key, right) => ({
    basis: evidence[key]?.flag ? null : (basis[name] ?? null),
    right,
  });
  const flagged =
    ['vendor', 'amount', 'expense_date', 'currency'].some((key) => evidence[key]?.flag != null) ||
    reading.fields?.currency == null;
  const taxUnsure = (evidence.tax_amount?.confidence ?? 1) < REVIEW_CONFIDENCE_THRESHOLD;
  return {
    id: row.id,
    all: row.all,
    otherwiseQueued: reading.status !== 'ready' || flagged || taxUnsure,
    fields: {
      vendor: field('vendor', 'vendor', row.vendorClose),
      total: field('total', 'amount', row.total),
      date: field('date', 'expense_date', row.date),
    },
  };
}

/** sroie-train through the rules alone: its line transcripts, or OCR texts saved by ocr-bench. */
async function sroieSamples(fromTexts) {
  const { extractFields } = await import(dist('extraction/extract-fields.js'));
  const dir = path.join(ROOT, '../shared/bench/sroie-train');
  const samples = [];
  for (const { id, key, text, lines } of await sroieTexts(dir, fromTexts)) {
    const fields = extractFields(text.normalize('NFKC'), {
      lines,
      referenceDate: new Date('2026-11-25T12:00:00Z'),
    });
    const s = score(fields, key);
    samples.push({
      id,
      fields: {
        vendor: { basis: fields.basis.vendor, right: s.vendorClose },
        total: { basis: fields.basis.total, right: s.total },
        date: { basis: fields.basis.date, right: s.date },
      },
    });
  }
  return samples;
}

await { record, replay, calibrate }[mode]();
