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
//   node tools/bench/real-replay.mjs replay DIR [--show-misses] [--only id,id]
//
// The review rule is the one of apps/expenses-service/src/expenses/expense-filter.ts
// (`needsReview`), read from the fields' evidence as the service stores it.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { outcome, scoreReal } from './sroie-truth.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = path.join(ROOT, '../shared/bench/real-receipts');
const dist = (file) => path.join(ROOT, 'apps/ocr-service/dist', file);
const { readReceipt } = await import(dist('read/read-receipt.js'));
const { ReceiptUploadLimits, REVIEW_CONFIDENCE_THRESHOLD } = await import('@snaptrack/contracts');

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: {
    'show-misses': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const [mode, dir] = positionals;
if (!['record', 'replay'].includes(mode) || !dir) {
  throw new Error('usage: real-replay.mjs record|replay DIR [--show-misses] [--only id,id]');
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
      await readFile(path.join(DATA, 'img', file)),
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
  return (
    ['vendor', 'amount', 'expense_date', 'tax_amount'].some(unsure) ||
    ['vendor', 'amount', 'expense_date', 'currency'].some(flagged)
  );
}

async function replay() {
  const only = args.only?.split(',');
  const rows = [];
  for (const name of (await readdir(folder)).filter((f) => f.endsWith('.json')).sort()) {
    const record = JSON.parse(await readFile(path.join(folder, name), 'utf8'));
    if (only && !only.includes(record.id)) continue;
    const key = JSON.parse(await readFile(path.join(DATA, 'key', `${record.id}.json`), 'utf8'));
    let call = 0;
    const reading = await read(
      await readFile(path.join(DATA, 'img', record.file)),
      async () => record.calls[Math.min(call++, record.calls.length - 1)],
      record.doubtfulBelow,
    );
    const fields = reading.fields ?? {};
    const evidence = fields.evidence ?? {};
    // Scored as bench:extraction --set real scores the stored expense: a date flagged not read
    // is not read, whatever the column holds.
    const row = {
      id: record.id,
      queued: inReview(reading),
      currency: fields.currency === key.currency && evidence.currency?.flag == null,
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
    rows.push(row);
    if (args['show-misses'] && !row.all) {
      const miss = (field, got, want) =>
        row[field] === false ? `\n  ${field}: got ${JSON.stringify(got)} want ${want}` : '';
      console.log(
        `${record.id}${row.queued ? '' : ' NOT IN REVIEW'}` +
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
  const queue = rows.filter((row) => row.queued);
  console.log(
    `review queue: ${queue.length} of ${rows.length}, ${queue.filter((row) => !row.all).length} with a wrong field`,
  );
}

await (mode === 'record' ? record() : replay());
