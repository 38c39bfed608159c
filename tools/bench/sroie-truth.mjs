// The truth of the SROIE bench folder (../shared/bench) and how a reading is scored against
// it, shared by `npm run bench:extraction` and tools/bench/ocr-bench.mjs. Scoring uses
// ocr-service's own normalisation (its dist/), so the bench and the service agree.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/ocr-service/dist',
);
const { parseMoney } = await import(path.join(dist, 'extraction/amount.js'));
const { normalizeVendor, similarity } = await import(path.join(dist, 'extraction/similarity.js'));

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const pad = (n) => String(n).padStart(2, '0');
const year4 = (y) => (y.length === 2 ? `20${y}` : y);

/** The key's date as YYYY-MM-DD. SROIE receipts are Malaysian: numeric dates are day first. */
export function keyDate(text) {
  const s = text.trim().toUpperCase();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(s);
  if (m) return `${year4(m[3])}-${pad(m[2])}-${pad(m[1])}`;
  m = /^(\d{1,2})[\s-]*([A-Z]{3})[A-Z]*[\s-]*(\d{2}|\d{4})$/.exec(s);
  if (m && MONTHS.includes(m[2])) {
    return `${year4(m[3])}-${pad(MONTHS.indexOf(m[2]) + 1)}-${pad(m[1])}`;
  }
  m = /^([A-Z]{3})[A-Z]*\s*(\d{1,2}),?\s*(\d{4})$/.exec(s);
  if (m && MONTHS.includes(m[1])) return `${m[3]}-${pad(MONTHS.indexOf(m[1]) + 1)}-${pad(m[2])}`;
  return null;
}

/**
 * Extracted `{ vendor, total (number), date (YYYY-MM-DD) }` against a key file: vendor exact
 * after normalisation and at ≥ 0.8 similarity, date and total exact. A key may accept more than
 * one vendor (`vendors`: the brand and the company name the receipt prints); the closest counts.
 */
export function score(fields, key) {
  const wanted = (key.vendors ?? [key.company]).map((name) => normalizeVendor(name));
  const got = fields.vendor ? normalizeVendor(fields.vendor) : '';
  const vendorSim = Math.max(...wanted.map((want) => similarity(got, want)));
  return {
    vendorExact: wanted.includes(got),
    vendorSim,
    vendorClose: vendorSim >= 0.8,
    date: Boolean(fields.date) && fields.date === keyDate(key.date),
    total: fields.total !== null && Math.round(fields.total * 100) === parseMoney(key.total),
  };
}

/** The p-th percentile (nearest rank) of some numbers; NaN for none. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A reading against a key of the real-receipt set (../shared/bench/real-receipts): the key's date
 * is DD/MM/YYYY and its company or date may be null (not settled by the picture): such a field is
 * not scored (`null`). The total is exact, the vendor ≥ 0.8 similar.
 */
export function scoreReal(fields, key) {
  const got = fields.vendor ? normalizeVendor(fields.vendor) : '';
  const vendorSim = key.company ? similarity(got, normalizeVendor(key.company)) : null;
  return {
    vendorSim,
    vendorClose: vendorSim === null ? null : vendorSim >= 0.8,
    date: key.date ? Boolean(fields.date) && fields.date === keyDate(key.date) : null,
    total: fields.total !== null && Math.round(fields.total * 100) === parseMoney(key.total),
  };
}

/**
 * The currency against the key: right only when read from the receipt. An `assumed` currency
 * (the account's home currency, or a bare `$` taken for dollars) is a guess the receipt did not
 * make, flagged for review: it counts as wrong (and so as "wrong, in review") even when the guess
 * happens to match, as a date flagged not read counts as not read. Otherwise the figure would
 * measure the account's home currency, not the reading. Null when the key has no currency.
 */
export function currencyRight(got, flag, want) {
  if (!want) return null;
  return got === want && flag !== 'assumed';
}

/**
 * Whether a reading left a field for the user to fill in: vendor, amount or date flagged not
 * read, or no currency read (the home currency is then assumed, flagged).
 */
export function leftUnread(evidence, currency) {
  const notRead = ['vendor', 'amount', 'expense_date'].some(
    (key) => evidence?.[key]?.flag === 'not_read',
  );
  return notRead || currency == null || evidence?.currency?.flag === 'assumed';
}

/**
 * The review queue in one line: how many receipts it holds, how many of them have a wrong field,
 * how many are all right but leave a field to fill in (a date the receipt does not print: the
 * queue is where the user adds it), and how many wait on doubt alone (`unread` per row).
 */
export function queueLine(rows) {
  const queued = rows.filter((row) => row.queued);
  const wrong = queued.filter((row) => !row.all).length;
  const unread = queued.filter((row) => row.all && row.unread).length;
  return (
    `review queue: ${queued.length} of ${rows.length}, ${wrong} with a wrong field, ` +
    `${unread} all right but with a field not read, ${queued.length - wrong - unread} all right and read`
  );
}

/** `right / wrong, in review / wrong, not in review` of one field over the rows that score it. */
export function outcome(rows, field) {
  const scored = rows.filter((row) => row[field] !== null && row[field] !== undefined);
  const share = (n) =>
    scored.length === 0 ? '–' : `${((100 * n) / scored.length).toFixed(0)}% (${n})`;
  const right = scored.filter((row) => row[field]).length;
  const flagged = scored.filter((row) => !row[field] && row.queued).length;
  return {
    n: scored.length,
    right: share(right),
    flagged: share(flagged),
    silent: share(scored.length - right - flagged),
  };
}

/**
 * The receipts of a SROIE folder with their keys, as text for the rules: the folder's own line
 * transcripts (box/ID.csv), or, with `fromTexts`, the OCR texts and lines ocr-bench saved there
 * (only the receipts it read: `--limit` saves a subset). In id order.
 */
export async function sroieTexts(dataDir, fromTexts) {
  const ids = (await readdir(fromTexts ?? path.join(dataDir, 'key')))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
  const receipts = [];
  for (const id of ids) {
    const key = JSON.parse(await readFile(path.join(dataDir, 'key', `${id}.json`), 'utf8'));
    if (fromTexts) {
      const { text, lines } = JSON.parse(
        await readFile(path.join(fromTexts, `${id}.json`), 'utf8'),
      );
      receipts.push({ id, key, text, lines });
      continue;
    }
    const text = (await readFile(path.join(dataDir, 'box', `${id}.csv`), 'latin1'))
      .split(/\r?\n/)
      .filter(Boolean)
      .map((line) => line.split(',').slice(8).join(','))
      .join('\n');
    receipts.push({ id, key, text, lines: undefined });
  }
  return receipts;
}
