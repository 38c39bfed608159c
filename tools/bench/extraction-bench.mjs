// `npm run bench:extraction -- --data ../shared/bench/sroie-train`: every receipt of a SROIE-style
// folder (img/NNN.jpg, key/NNN.json) goes through the running system — `POST /api/parse`, then
// the expense is watched until it is no longer `processing` — and the filled fields are compared
// with the truth. Prints per-field accuracy (vendor exact after normalisation, vendor ≥ 0.8
// similar, date, total), latency upload → ready (p50/p95), ocr-service's job time per receipt
// and, beside it, Debian's native `tesseract` CLI (OMP_THREAD_LIMIT=1) on the same preprocessed
// images.
//
//   npm run bench:extraction -- [--data DIR] [--limit N] [--engine tesseract|hybrid|paddle]
//                               [--concurrency 1] [--no-native] [--show-misses]
//   npm run bench:extraction -- --url http://localhost:8080 --email me@example.com --password …
//   npm run bench:extraction -- --set locales [--per-locale 10] [--locales de-DE,fr-FR] [--seed 15]
//                               [--blur 0.6] [--rotate 2] [--speckle 1] [--page white|grey|mix]
//                               [--photo [--tilt 5-25]]
//   npm run bench:extraction -- --fast [--set locales|sroie] [--noise 1] [--hint] [--from-texts DIR]
//   npm run bench:extraction -- --set real [--data ../shared/bench/real-receipts]
//                               [--accept-language en-US]
//   npm run bench:extraction -- --set real|sroie --replay [--stores N] [--again KIND]
//
// --set real reads the real photos and scans of ../shared/bench/real-receipts (img/ID.jpg|png,
// key/ID.json with company, date DD/MM/YYYY or null, total, currency, country) and prints, per
// field and per country: right, wrong but in the review queue (`GET /api/expenses?review=needed`),
// wrong and not in it. A key's null date or company (not settled by the picture) is not scored.
// --accept-language sends every upload with that locale, as a browser says its user's (the
// account's locale): without it the receipt alone is evidence, and the hybrid engine reads each
// header band a second time in the language it detects.
//
// --replay corrects the first receipt of each store (the truth's vendor) through the API and
// scores the store's later receipts, beside a control account that corrected nothing
// (tools/bench/store-replay.mjs); --stores N replays only the first N stores. With --again KIND
// every receipt is corrected once as photographed and then read again as a worse photo of the
// same paper (tools/bench/worse-photos.mjs: small, shadow, keystone, table, …), the store's
// "later receipt" the set cannot otherwise give: it holds one receipt of most stores.
//
// --set locales renders the seeded receipts of tools/bench/locale-receipts.mjs (en-US, en-GB, de-DE,
// de-CH, fr-FR, es-ES, it-IT, nl-NL, pt-PT, pt-BR, en-MY; since 2026-11-30 also pl-PL, cs-CZ, tr-TR,
// uk-UA, vi-VN, es-CO, en-SG, en-NP, fr-CA: figures before that date are the first eleven, which
// `--locales` selects) into a temporary folder and reads them
// like the SROIE ones, reporting per locale and per field, the currency included. --fast skips
// images, OCR and the stack: the rules alone on the generated text with OCR-like noise, or on the
// SROIE transcripts (tools/bench/rules-bench.mjs).
//
// By default it starts a stack of its own from the built dist/ (database
// snaptrack_bench_extraction, queue prefix `benchextract`, both suffixed with `BENCH_ID` when set,
// free ports) with OCR_ENGINE=--engine,
// creates an account and an entity, and removes both at the end. OPENAI_* in the environment
// reach ocr-service, so the same command measures model extraction. With --url it uses a running
// system and an existing account (an entity named "Bench" is created if missing); ocr-service's
// job time is then read only with --database-url.
//
// The data set stays outside the repository; nothing from it is written anywhere.
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import argon2 from 'argon2';
import pg from 'pg';
import { ensureDebianPackages } from '../lib/debian.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';
import { generateReceipts, LOCALE_NAMES, renderReceiptImage } from './locale-receipts.mjs';
import {
  currencyRight,
  leftUnread,
  outcome,
  percentile,
  queueLine,
  score,
  scoreReal,
} from './sroie-truth.mjs';
import { replayStores, reportReplay } from './store-replay.mjs';
import { PHOTO_KINDS, worsePhoto } from './worse-photos.mjs';

/** ../shared beside the checkout, or two levels up from a worktree in /work/wt/<name>. */
function defaultData(set) {
  const folder = set === 'real' ? 'real-receipts' : 'sroie-train';
  const beside = path.resolve(ROOT, `../shared/bench/${folder}`);
  const above = path.resolve(ROOT, `../../shared/bench/${folder}`);
  return existsSync(beside) || !existsSync(above) ? beside : above;
}

const { values: args } = parseArgs({
  options: {
    data: { type: 'string' },
    limit: { type: 'string' },
    engine: { type: 'string', default: 'hybrid' },
    concurrency: { type: 'string', default: '1' },
    url: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'database-url': { type: 'string' },
    native: { type: 'boolean', default: true },
    'no-native': { type: 'boolean', default: false },
    'show-misses': { type: 'boolean', default: false },
    'timeout-s': { type: 'string', default: '300' },
    set: { type: 'string', default: 'sroie' },
    fast: { type: 'boolean', default: false },
    seed: { type: 'string', default: '15' },
    'per-locale': { type: 'string' },
    locales: { type: 'string' },
    noise: { type: 'string', default: '1' },
    hint: { type: 'boolean', default: false },
    page: { type: 'string' },
    photo: { type: 'boolean', default: false },
    tilt: { type: 'string', default: '5-25' },
    'from-texts': { type: 'string' },
    blur: { type: 'string', default: '0' },
    rotate: { type: 'string', default: '0' },
    speckle: { type: 'string', default: '0' },
    replay: { type: 'boolean', default: false },
    stores: { type: 'string' },
    again: { type: 'string' },
    'accept-language': { type: 'string' },
  },
});
if (!['sroie', 'locales', 'real'].includes(args.set)) {
  throw new Error('--set is sroie, locales or real');
}
if (args.again && !(args.replay && PHOTO_KINDS.includes(args.again))) {
  throw new Error(`--again goes with --replay and is one of ${PHOTO_KINDS.join(', ')}`);
}
let dataDir = path.resolve(args.data ?? defaultData(args.set));
const realSet = args.set === 'real';
const localeList = args.locales ? args.locales.split(',') : LOCALE_NAMES;
const concurrency = Math.max(1, Number(args.concurrency));
const perReceiptTimeoutMs = Number(args['timeout-s']) * 1000;
// The real set measures the product; the CLI comparison is for the SROIE scans.
const runNative = args.native && !args['no-native'] && args.set !== 'real';

const dist = (file) => path.join(ROOT, 'apps/ocr-service/dist', file);
const { preprocessImage } = await import(dist('preprocess/preprocess-image.js'));
const { extractFields } = await import(dist('extraction/extract-fields.js'));
const run = promisify(execFile);

// ---------------------------------------------------------------- truth and scoring

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');
const pct = (rows, field) =>
  rows.length === 0
    ? '–'
    : `${((100 * rows.filter((row) => row[field]).length) / rows.length).toFixed(1)}% (${rows.filter((row) => row[field]).length}/${rows.length})`;

/** The image file of each receipt id (`.jpg`, or `.png` in the real set). */
const imageFiles = new Map();

/** N ids spread evenly over the sorted folder, so the page scans stay represented. */
async function chooseReceipts() {
  for (const file of await readdir(path.join(dataDir, 'img'))) {
    if (/\.(jpg|png)$/.test(file)) imageFiles.set(file.slice(0, -4), file);
  }
  const ids = [...imageFiles.keys()].sort();
  const limit = Math.min(args.limit ? Number(args.limit) : ids.length, ids.length);
  const step = ids.length / limit;
  return [...new Set(Array.from({ length: limit }, (_, i) => ids[Math.floor(i * step)]))];
}

// ---------------------------------------------------------------- the API

async function api(baseUrl, token, method, route, body, extraHeaders = {}) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...extraHeaders,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function signIn(baseUrl, email, password) {
  return (await api(baseUrl, null, 'POST', '/api/auth/login', { email, password })).token;
}

async function ensureEntity(baseUrl, token, name) {
  const list = await api(baseUrl, token, 'GET', '/api/entities');
  const entities = Array.isArray(list) ? list : (list.entities ?? []);
  if (entities.some((entity) => (entity.name ?? entity) === name)) return;
  await api(baseUrl, token, 'POST', '/api/entities', { name });
}

/** Every expense of the account with the given status (or review filter), all pages. */
async function expensesWith(baseUrl, token, status, review) {
  const all = [];
  for (let page = 1; page < 1_000; page += 1) {
    const query = new URLSearchParams({ page: String(page), limit: '100' });
    if (status) query.set('status', status);
    if (review) query.set('review', review);
    const body = await api(baseUrl, token, 'GET', `/api/expenses?${query}`);
    const items = body.expenses ?? body.items ?? body.data ?? [];
    all.push(...items);
    if (items.length < 100) break;
  }
  return all;
}

/**
 * Watches uploads until their expense leaves `processing`: one poll of the processing list
 * every 100 ms serves every upload in flight; the finished expense is then read once.
 */
function createWatcher(baseUrl, token) {
  const waiting = new Map();
  let timer = null;
  const poll = async () => {
    timer = null;
    try {
      const processing = new Set(
        (await expensesWith(baseUrl, token, 'processing')).map((e) => e.id),
      );
      const now = performance.now();
      const done = [...waiting.entries()].filter(([id]) => !processing.has(id));
      if (done.length > 0) {
        const all = new Map((await expensesWith(baseUrl, token)).map((e) => [e.id, e]));
        for (const [id, entry] of done) {
          waiting.delete(id);
          entry.resolve({ expense: all.get(id) ?? null, at: now });
        }
      }
      for (const [id, entry] of waiting) {
        if (now > entry.deadline) {
          waiting.delete(id);
          entry.resolve({ expense: null, at: now, timedOut: true });
        }
      }
    } catch (error) {
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        entry.reject(error);
      }
    }
    if (waiting.size > 0) timer = setTimeout(poll, 100);
  };
  return (id) =>
    new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, deadline: performance.now() + perReceiptTimeoutMs });
      timer ??= setTimeout(poll, 100);
    });
}

/** With `locale`, the upload says it as a browser would (`Accept-Language`): the account's locale. */
async function upload(baseUrl, token, file, name, locale) {
  const form = new FormData();
  form.append('entity', 'Bench');
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  form.append('image', new Blob([file], { type }), name);
  const headers = locale ? { 'accept-language': locale } : {};
  return (await api(baseUrl, token, 'POST', '/api/parse', form, headers)).expense;
}

/** --replay: a reader per account that uploads one receipt and returns it once read. */
function replayOptions(baseUrl, ids, token, control) {
  const watchers = new Map();
  return {
    dataDir,
    ids,
    realSet,
    maxStores: args.stores ? Number(args.stores) : undefined,
    token,
    control,
    api: (as, method, route, body) => api(baseUrl, as, method, route, body),
    again: args.again,
    read: async (as, id, photo) => {
      if (!watchers.has(as)) watchers.set(as, createWatcher(baseUrl, as));
      const name = imageFiles.get(id);
      const file = await readFile(path.join(dataDir, 'img', name));
      const expense = photo
        ? await upload(baseUrl, as, await worsePhoto(file, photo), `${id}-${photo}.jpg`)
        : await upload(baseUrl, as, file, name);
      return (await watchers.get(as)(expense.id)).expense;
    },
  };
}

// ---------------------------------------------------------------- native tesseract

async function nativeTesseract(ids) {
  ensureDebianPackages({ tesseract: 'tesseract-ocr' });
  const { stdout: version } = await run('tesseract', ['--version']);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'extraction-bench-'));
  const rows = [];
  try {
    for (const id of ids) {
      const key = JSON.parse(await readFile(path.join(dataDir, 'key', `${id}.json`), 'utf8'));
      // The image ocr-service's engine gets: the same preprocessing, then the CLI on it.
      const prepared = await preprocessImage(
        await readFile(path.join(dataDir, 'img', imageFiles.get(id))),
        {},
      );
      const file = path.join(dir, 'page.png');
      await writeFile(file, prepared.image);
      const started = performance.now();
      const { stdout } = await run('tesseract', [file, 'stdout'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        maxBuffer: 16 * 1024 * 1024,
      });
      const ms = performance.now() - started;
      const fields = extractFields(stdout.normalize('NFKC'));
      rows.push({ id, ms, ...(realSet ? scoreReal(fields, key) : score(fields, key)) });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { version: version.split('\n')[0], rows };
}

// ---------------------------------------------------------------- the run

async function measure({ baseUrl, token, ids, pool }) {
  const watch = createWatcher(baseUrl, token);
  const readOne = async (id) => {
    const file = await readFile(path.join(dataDir, 'img', imageFiles.get(id)));
    const locale =
      args['accept-language'] ??
      (args.hint
        ? JSON.parse(await readFile(path.join(dataDir, 'key', `${id}.json`), 'utf8')).locale
        : undefined);
    const started = performance.now();
    const expense = await upload(baseUrl, token, file, imageFiles.get(id), locale);
    const result = await watch(expense.id);
    return { id, expenseId: expense.id, latencyMs: result.at - started, ...result };
  };

  // One receipt first, not counted: the engines load their models on the first job.
  process.stdout.write('bench: warming up ocr-service with one receipt\n');
  await readOne(ids[0]);

  const results = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, ids.length) }, async () => {
    while (next < ids.length) {
      const id = ids[next++];
      results.push(await readOne(id));
      process.stdout.write(`\rbench: ${results.length}/${ids.length} receipts`);
    }
  });
  await Promise.all(workers);
  process.stdout.write('\n');
  // What the review queue shows once every receipt is read: a wrong field there was flagged.
  const queued = new Set(
    (await expensesWith(baseUrl, token, undefined, 'needed')).map((e) => e.id),
  );

  const jobMs = new Map();
  const methods = new Map();
  if (pool) {
    const { rows } = await pool.query(
      `SELECT "expense_id", "duration_ms", "method" FROM "ocr"."readings" WHERE "expense_id" = ANY($1)`,
      [results.map((r) => r.expenseId)],
    );
    for (const row of rows) {
      jobMs.set(row.expense_id, Number(row.duration_ms));
      methods.set(row.method, (methods.get(row.method) ?? 0) + 1);
    }
  }

  const rows = [];
  for (const result of results.sort((a, b) => a.id.localeCompare(b.id))) {
    const key = JSON.parse(await readFile(path.join(dataDir, 'key', `${result.id}.json`), 'utf8'));
    const e = result.expense;
    const ready = e?.status === 'ready';
    const evidence = e?.field_evidence ?? {};
    const fields = {
      vendor: ready ? e.vendor || null : null,
      total: ready && e.amount !== null ? Number(e.amount) : null,
      // A date the reader flagged as not read is shown as not read, whatever the column holds.
      date:
        ready && evidence.expense_date?.flag !== 'not_read'
          ? (e.expense_date ?? '').slice(0, 10) || null
          : null,
    };
    const row = {
      id: result.id,
      locale: key.locale ?? null,
      country: key.country ?? null,
      queued: queued.has(result.expenseId),
      unread: !ready || leftUnread(evidence, e.currency),
      // One rule with the replay (sroie-truth.mjs): an assumed currency is not a reading.
      ...(key.currency
        ? {
            currency: currencyRight(
              ready ? e.currency : null,
              evidence.currency?.flag,
              key.currency,
            ),
          }
        : {}),
      status: result.timedOut ? 'timed out' : (e?.status ?? 'missing'),
      error: e?.processing_error ?? null,
      latencyMs: result.latencyMs,
      jobMs: jobMs.get(result.expenseId),
      currencyAssumed: evidence.currency?.flag === 'assumed',
      // The keys hold no tax: what was read is reported, not scored (docs/ocr.md, Tax lines).
      tax:
        ready && e.tax_amount !== null && e.tax_amount !== undefined ? Number(e.tax_amount) : null,
      taxLines: ready ? (e.tax_lines ?? null) : null,
      taxConfidence: evidence.tax_amount?.confidence ?? null,
      ...(realSet ? scoreReal(fields, key) : score(fields, key)),
    };
    // Every field right; a field the key leaves open (null) does not count against it.
    if (realSet)
      row.all = [row.vendorClose, row.date, row.total, row.currency].every((ok) => ok !== false);
    rows.push(row);
    if (
      args['show-misses'] &&
      (row.vendorClose === false || row.date === false || !row.total || row.currency === false)
    ) {
      process.stdout.write(
        `${row.id} [${row.status}${row.error ? `: ${row.error}` : ''}${row.queued ? ', in review' : ''}]` +
          (row.vendorClose !== false
            ? ''
            : `\n  vendor: got ${JSON.stringify(fields.vendor)} want ${JSON.stringify(key.company)}`) +
          (row.date !== false ? '' : `\n  date:   got ${fields.date} want ${key.date}`) +
          (row.total ? '' : `\n  total:  got ${fields.total} want ${key.total}`) +
          (row.currency === false
            ? `\n  currency: got ${e?.currency}${row.currencyAssumed ? ' (assumed)' : ''} want ${key.currency}`
            : '') +
          '\n',
      );
    }
  }
  return { rows, methods };
}

/** The real set's tables: per field and per country, what the user sees and what they miss. */
function reportReal(rows) {
  const fields = [
    ['total', 'total'],
    ['date', 'date'],
    ['vendor (≥ 0.8 similar)', 'vendorClose'],
    ['currency', 'currency'],
    ['every field right', 'all'],
  ];
  const lines = [
    '',
    '| field | scored | right | wrong, in review | wrong, not in review |',
    '|---|---|---|---|---|',
  ];
  for (const [name, field] of fields) {
    const o = outcome(rows, field);
    lines.push(`| ${name} | ${o.n} | ${o.right} | ${o.flagged} | ${o.silent} |`);
  }
  const taxed = rows.filter((row) => row.tax !== null);
  const checked = taxed.filter((row) => (row.taxConfidence ?? 0) >= 0.85);
  const contradicted = taxed.filter((row) => (row.taxConfidence ?? 0) < 0.7);
  lines.push(
    '',
    `Tax read on ${taxed.length} of ${rows.length} receipts: ${checked.length} checked against the total, ` +
      `${contradicted.length} contradicting it (in review), the rest not checkable. The keys hold no ` +
      'tax, so right and wrong are not scored here:',
    ...taxed.map(
      (row) =>
        `- ${row.id}: ${row.tax} ` +
        JSON.stringify(row.taxLines ?? []) +
        ` (confidence ${row.taxConfidence ?? '–'}, total ${row.total ? 'right' : 'wrong'})`,
    ),
  );
  lines.push(
    '',
    `In the ${queueLine(rows)}.`,
    '',
    '| country | n | total | date | vendor | currency | every field | wrong, not in review | upload → ready p50 / p95 |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  const ratio = (group, field) => {
    const scored = group.filter((row) => row[field] !== null && row[field] !== undefined);
    return scored.length === 0
      ? '–'
      : `${scored.filter((row) => row[field]).length}/${scored.length}`;
  };
  for (const country of [...new Set(rows.map((row) => row.country))].sort()) {
    const group = rows.filter((row) => row.country === country);
    const ms = group.filter((r) => r.status !== 'timed out').map((r) => r.latencyMs);
    lines.push(
      `| ${country} | ${group.length} | ${ratio(group, 'total')} | ${ratio(group, 'date')} | ${ratio(group, 'vendorClose')} | ${ratio(group, 'currency')} | ${ratio(group, 'all')} | ${group.filter((row) => !row.all && !row.queued).length} | ${seconds(percentile(ms, 50))} / ${seconds(percentile(ms, 95))} |`,
    );
  }
  return lines;
}

function report({ rows, methods, native, label }) {
  const latencies = rows.filter((r) => r.status !== 'timed out').map((r) => r.latencyMs);
  const jobs = rows.map((r) => r.jobMs).filter((ms) => ms !== undefined);
  const failed = rows.filter((r) => r.status !== 'ready');
  const lines = [
    '',
    `## Extraction benchmark: ${rows.length} receipts, ${label}`,
    '',
    '| field | accuracy |',
    '|---|---|',
    `| vendor, exact after normalisation | ${pct(rows, 'vendorExact')} |`,
    `| vendor, ≥ 0.8 similar | ${pct(rows, 'vendorClose')} |`,
    `| date | ${pct(rows, 'date')} |`,
    `| total | ${pct(rows, 'total')} |`,
    '',
    '| time per receipt | p50 | p95 | mean |',
    '|---|---|---|---|',
    `| upload → expense ready (POST /api/parse to status ≠ processing) | ${seconds(percentile(latencies, 50))} | ${seconds(percentile(latencies, 95))} | ${seconds(latencies.reduce((a, b) => a + b, 0) / latencies.length)} |`,
  ];
  if (jobs.length > 0) {
    lines.push(
      `| ocr-service job (load, preprocess, OCR, extraction) | ${seconds(percentile(jobs, 50))} | ${seconds(percentile(jobs, 95))} | ${seconds(jobs.reduce((a, b) => a + b, 0) / jobs.length)} |`,
    );
  }
  if (native) {
    const ms = native.rows.map((r) => r.ms);
    lines.push(
      `| native \`tesseract\` CLI, OMP_THREAD_LIMIT=1, same preprocessed images (${native.version}) | ${seconds(percentile(ms, 50))} | ${seconds(percentile(ms, 95))} | ${seconds(ms.reduce((a, b) => a + b, 0) / ms.length)} |`,
      '',
      `Native tesseract text through the same rules: vendor exact ${pct(native.rows, 'vendorExact')}, vendor ≥ 0.8 ${pct(native.rows, 'vendorClose')}, date ${pct(native.rows, 'date')}, total ${pct(native.rows, 'total')}.`,
    );
  }
  if (realSet) lines.push(...reportReal(rows));
  if (rows.some((r) => r.locale)) {
    lines.push(
      '',
      '| locale | n | vendor exact | vendor ≥ 0.8 | date | total | currency | upload → ready p50 |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const locale of [...new Set(rows.map((r) => r.locale))]) {
      const group = rows.filter((r) => r.locale === locale);
      const ms = group.filter((r) => r.status !== 'timed out').map((r) => r.latencyMs);
      lines.push(
        `| ${locale} | ${group.length} | ${pct(group, 'vendorExact')} | ${pct(group, 'vendorClose')} | ${pct(group, 'date')} | ${pct(group, 'total')} | ${pct(group, 'currency')} | ${seconds(percentile(ms, 50))} |`,
      );
    }
    lines.push(`| all | ${rows.length} | | | | | ${pct(rows, 'currency')} | |`);
  }
  lines.push('');
  if (methods.size > 0) {
    lines.push(`Methods: ${[...methods].map(([method, n]) => `${method} ${n}`).join(', ')}.`);
  }
  lines.push(
    failed.length === 0
      ? 'Every receipt became ready.'
      : `Not ready: ${failed.length} (${failed.map((r) => `${r.id} ${r.status}${r.error ? `: ${r.error}` : ''}`).join('; ')}).`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `--tilt 5-25`: the camera's tilt of the photos, from–to degrees. */
function photoTilt() {
  const [minTilt, maxTilt] = args.tilt.split('-').map(Number);
  if (!(minTilt >= 0 && maxTilt >= minTilt && maxTilt < 60)) throw new Error('--tilt is e.g. 5-25');
  return { minTilt, maxTilt };
}

/** Renders the generated receipts into a SROIE-style folder (img/ID.jpg, key/ID.json). */
async function writeLocaleSet() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'extraction-bench-locales-'));
  await mkdir(path.join(dir, 'img'));
  await mkdir(path.join(dir, 'key'));
  const receipts = generateReceipts({
    seed: Number(args.seed),
    perLocale: Number(args['per-locale'] ?? 10),
    locales: localeList,
  });
  for (const [i, receipt] of receipts.entries()) {
    const image = await renderReceiptImage(receipt, {
      blur: Number(args.blur),
      rotate: Number(args.rotate),
      noise: Number(args.speckle),
      seed: Number(args.seed) + i,
      page: args.page,
      photo: args.photo ? photoTilt() : undefined,
    });
    await writeFile(path.join(dir, 'img', `${receipt.id}.jpg`), image);
    const { vendor, ...truth } = receipt.truth;
    await writeFile(
      path.join(dir, 'key', `${receipt.id}.json`),
      JSON.stringify({ company: vendor, ...truth, locale: receipt.locale }),
    );
  }
  return dir;
}

async function fast() {
  const { benchLocales, benchSroie } = await import('./rules-bench.mjs');
  const started = performance.now();
  const out =
    args.set === 'locales'
      ? benchLocales({
          seed: Number(args.seed),
          perLocale: Number(args['per-locale'] ?? 40),
          locales: localeList,
          noise: Number(args.noise),
          hint: args.hint,
          showMisses: args['show-misses'],
        })
      : await benchSroie({
          dataDir,
          fromTexts: args['from-texts'] ? path.resolve(args['from-texts']) : null,
          showMisses: args['show-misses'],
        });
  process.stdout.write(
    `\n## Extraction rules alone (--fast)\n\n${out}\n\nWall time ${seconds(performance.now() - started)}.\n`,
  );
}

async function main() {
  if (args.fast) return fast();
  let generated = null;
  if (args.set === 'locales') {
    generated = await writeLocaleSet();
    dataDir = generated;
  }
  try {
    await read();
  } finally {
    if (generated) await rm(generated, { recursive: true, force: true });
  }
}

async function read() {
  const ids = await chooseReceipts();
  const modelOn = Boolean(process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL);
  const model = modelOn ? `model ${process.env.OPENAI_MODEL ?? 'gpt-4o-mini'}` : 'rules only';
  process.stdout.write(`bench: ${ids.length} receipts from ${dataDir}\n`);

  if (args.url) {
    if (!args.email || !args.password) throw new Error('--url needs --email and --password');
    const baseUrl = args.url.replace(/\/$/, '');
    const token = await signIn(baseUrl, args.email, args.password);
    await ensureEntity(baseUrl, token, 'Bench');
    const pool = args['database-url']
      ? new pg.Pool({ connectionString: args['database-url'], max: 2 })
      : null;
    try {
      if (args.replay) {
        const replayed = await replayStores(replayOptions(baseUrl, ids, token, null));
        reportReplay(replayed, `running system at ${baseUrl}`);
        return;
      }
      const result = await measure({ baseUrl, token, ids, pool });
      const native = runNative ? await nativeTesseract(ids) : null;
      report({ ...result, native, label: `running system at ${baseUrl}` });
    } finally {
      await pool?.end();
    }
    return;
  }

  // BENCH_ID (letters and digits) keeps two checkouts on one machine from dropping each other's
  // database and queues mid-run.
  const id = /^[a-z0-9]{1,20}$/.test(process.env.BENCH_ID ?? '') ? process.env.BENCH_ID : '';
  const varDir = path.join(ROOT, 'var', 'bench-extraction');
  const env = stackEnv({
    VAR_DIR: varDir,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/snaptrack_bench_extraction${id ? `_${id}` : ''}`,
    RMQ_PREFIX: `benchextract${id}`,
    PORT: String(await freePort()),
    SMTP_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    OCR_ENGINE: args.engine,
    // The bench measures reading, not billing: its account is entitled without a subscription.
    BILLING: 'off',
  });
  process.stdout.write(`bench: starting a stack (OCR_ENGINE=${args.engine}, ${model})\n`);
  await dropDatabase(env.DATABASE_URL);
  await migrateAll(env);
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  // Minutes, not one: on a busy shared machine the services take long to come up.
  const stack = await startStack(env, {
    logDir: path.join(varDir, 'log'),
    readyTimeoutMs: 300_000,
  });
  let result;
  let replayed;
  try {
    const newUser = async (email) => {
      const user = { id: randomUUID(), email, password: randomUUID() };
      await pool.query(
        `INSERT INTO "auth"."users" ("id", "email", "password_hash", "full_name", "subscription_status")
         VALUES ($1, $2, $3, 'Bench User', 'active')`,
        [user.id, user.email, await argon2.hash(user.password)],
      );
      await pool.query(
        `INSERT INTO "expenses"."entities" ("id", "user_id", "name") VALUES ($1, $2, 'Bench')`,
        [randomUUID(), user.id],
      );
      return signIn(stack.baseUrl, user.email, user.password);
    };
    const token = await newUser('bench-extraction@example.com');
    if (args.replay) {
      const control = await newUser('bench-extraction-control@example.com');
      replayed = await replayStores(replayOptions(stack.baseUrl, ids, token, control));
    } else {
      result = await measure({ baseUrl: stack.baseUrl, token, ids, pool });
    }
  } finally {
    await stack.stop();
    await pool.end();
    await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
    await dropDatabase(env.DATABASE_URL);
  }
  if (replayed) {
    reportReplay(replayed, `OCR_ENGINE=${args.engine}, ${model}, ${path.basename(dataDir)}`);
    return;
  }
  // After the stack is gone, so the CLI has the machine to itself as ocr-service had.
  const native = runNative ? await nativeTesseract(ids) : null;
  report({
    ...result,
    native,
    label: `OCR_ENGINE=${args.engine}, ${model}, concurrency ${concurrency}`,
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
