#!/usr/bin/env node
// OCR + field-extraction benchmark on a SROIE-style folder (img/NNN.jpg, key/NNN.json).
//
// Uses the BUILT service code, so build first:
//   npx tsc -b apps/ocr-service/tsconfig.json
//   node tools/bench/ocr-bench.mjs --engine paddle --limit 40
//
// The data set stays outside the repo (default ../shared/bench/sroie-train from the repo root).
// Never copy its images, key values or OCR texts into the repository: --save-texts must point
// outside it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { percentile, score } from './sroie-truth.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const dist = path.join(repoRoot, 'apps/ocr-service/dist');
const { preprocessImage } = await import(path.join(dist, 'preprocess/preprocess-image.js'));
const { createOcrEngine } = await import(path.join(dist, 'ocr/create-ocr-engine.js'));
const { isOcrEngineName } = await import(path.join(dist, 'ocr/engine-names.js'));
const { extractFields } = await import(path.join(dist, 'extraction/extract-fields.js'));
const run = promisify(execFile);

const USAGE = `usage: node tools/bench/ocr-bench.mjs [options]
  --engine tesseract|paddle|hybrid   OCR engine (default tesseract)
  --limit N                          N receipts spread evenly over the folder (default all)
  --data DIR                         data folder (default ../shared/bench/sroie-train)
  --native                           also time the tesseract CLI (OMP_THREAD_LIMIT=1) on the same images
  --save-texts DIR                   write the OCR text of each receipt to DIR (outside the repo!)
  --from-texts DIR                   skip OCR: extract from texts saved earlier (tunes the rules fast)
  --psm N                            tesseract page segmentation mode
  --paddle-max-side N                long side Paddle works at (default: the engine's)
  --max-side N | --no-crop | --no-perspective | --no-normalise   preprocessing variants
  --show-misses                      print every wrong field`;

function parseArgs(argv) {
  const args = {
    engine: 'tesseract',
    limit: Infinity,
    data: path.resolve(repoRoot, '../shared/bench/sroie-train'),
    native: false,
    saveTexts: null,
    fromTexts: null,
    psm: undefined,
    paddleMaxSide: undefined,
    maxSide: undefined,
    crop: true,
    normalise: true,
    showMisses: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--engine') args.engine = value();
    else if (flag === '--limit') args.limit = Number(value());
    else if (flag === '--data') args.data = path.resolve(value());
    else if (flag === '--native') args.native = true;
    else if (flag === '--save-texts') args.saveTexts = path.resolve(value());
    else if (flag === '--from-texts') args.fromTexts = path.resolve(value());
    else if (flag === '--psm') args.psm = value();
    else if (flag === '--paddle-max-side') args.paddleMaxSide = Number(value());
    else if (flag === '--max-side') args.maxSide = Number(value());
    else if (flag === '--no-crop') args.crop = false;
    else if (flag === '--no-perspective') args.perspective = false;
    else if (flag === '--no-normalise') args.normalise = false;
    else if (flag === '--show-misses') args.showMisses = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown flag ${flag}\n${USAGE}`);
  }
  if (!isOcrEngineName(args.engine)) throw new Error(`unknown engine ${args.engine}`);
  if (args.saveTexts && args.saveTexts.startsWith(repoRoot + path.sep)) {
    throw new Error('--save-texts must be outside the repository');
  }
  return args;
}

/** Peak RSS (VmHWM) of a process in MiB, or 0 when it is gone. */
function peakRssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) in ms of this process and its live children; clock ticks are 10 ms. */
function cpuMs() {
  const own = process.cpuUsage();
  let total = (own.user + own.system) / 1000;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid)
        total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the process exited while we looked
    }
  }
  return total;
}

/** Tracks the peak RSS of this process's children (the Paddle worker). */
function watchChildren() {
  const peaks = new Map();
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === process.pid)
          peaks.set(entry, Math.max(peaks.get(entry) ?? 0, peakRssMiB(entry)));
      } catch {
        // the process exited while we looked
      }
    }
  };
  const timer = setInterval(sample, 250);
  timer.unref();
  return {
    sample,
    stop: () => clearInterval(timer),
    peak: () => Math.max(0, ...peaks.values()),
  };
}

async function nativeTesseract(image, dir) {
  const file = path.join(dir, 'page.png');
  await writeFile(file, image);
  const started = performance.now();
  const { stdout } = await run('tesseract', [file, 'stdout'], {
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return { text: stdout, ms: performance.now() - started };
}

function summarise(label, rows, timings) {
  const n = rows.length;
  const pct = (k) => `${((100 * rows.filter((r) => r[k]).length) / n).toFixed(1)}%`;
  return {
    label,
    n,
    vendorExact: pct('vendorExact'),
    vendor08: pct('vendorClose'),
    date: pct('date'),
    total: pct('total'),
    p50: Math.round(percentile(timings, 50)),
    p95: Math.round(percentile(timings, 95)),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const ids = (await readdir(path.join(args.data, 'img')))
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4))
    .sort();
  const step = ids.length / Math.min(args.limit, ids.length);
  const chosen = [
    ...new Set(
      Array.from({ length: Math.min(args.limit, ids.length) }, (_, i) => ids[Math.floor(i * step)]),
    ),
  ];

  const engine = args.fromTexts
    ? null
    : createOcrEngine(args.engine, {
        tesseract: args.psm ? { pageSegMode: args.psm } : {},
        paddle: args.paddleMaxSide ? { maxSide: args.paddleMaxSide } : {},
      });
  const children = watchChildren();
  let startupMs = 0;
  if (engine?.start) {
    const t = performance.now();
    await engine.start();
    startupMs = performance.now() - t;
  }
  if (args.saveTexts) await mkdir(args.saveTexts, { recursive: true });
  const nativeDir = args.native ? await mkdtemp(path.join(os.tmpdir(), 'ocr-bench-')) : null;

  const rows = [];
  const nativeRows = [];
  const timings = { total: [], prep: [], ocr: [], extract: [], native: [], cpu: [] };
  for (const id of chosen) {
    const key = JSON.parse(await readFile(path.join(args.data, 'key', `${id}.json`), 'utf8'));
    const started = performance.now();
    const cpuStart = cpuMs();
    let text;
    let lines;
    let prepared = null;
    let ocrMs = 0;
    let prepMs = 0;
    let error = null;
    try {
      if (args.fromTexts) {
        const saved = JSON.parse(await readFile(path.join(args.fromTexts, `${id}.json`), 'utf8'));
        ({ text, lines } = saved);
      } else {
        prepared = await preprocessImage(await readFile(path.join(args.data, 'img', `${id}.jpg`)), {
          maxSide: args.maxSide,
          cropToReceipt: args.crop,
          perspective: args.perspective,
          normalise: args.normalise,
        });
        prepMs = performance.now() - started;
        const t = performance.now();
        const result = await engine.recognize(prepared.image);
        ocrMs = performance.now() - t;
        ({ text, lines } = result);
        if (args.saveTexts) {
          await writeFile(
            path.join(args.saveTexts, `${id}.json`),
            JSON.stringify({
              text,
              lines: lines?.map((l) => ({ text: l.text, confidence: l.confidence })),
            }),
          );
        }
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      text = '';
      lines = [];
    }
    const t = performance.now();
    const fields = extractFields(text, { lines });
    const extractMs = performance.now() - t;
    timings.total.push(performance.now() - started);
    timings.cpu.push(cpuMs() - cpuStart);
    timings.prep.push(prepMs);
    timings.ocr.push(ocrMs);
    timings.extract.push(extractMs);
    const row = { id, ...score(fields, key), fields, error };
    rows.push(row);
    if (args.showMisses && (!row.vendorClose || !row.date || !row.total || error)) {
      console.log(
        `${id}${error ? ` ERROR ${error}` : ''}` +
          (row.vendorClose
            ? ''
            : `\n  vendor: got ${JSON.stringify(fields.vendor)} want ${JSON.stringify(key.company)}`) +
          (row.date ? '' : `\n  date:   got ${fields.date} want ${key.date}`) +
          (row.total ? '' : `\n  total:  got ${fields.total} want ${key.total}`),
      );
    }
    if (nativeDir && prepared) {
      const native = await nativeTesseract(prepared.image, nativeDir);
      timings.native.push(native.ms);
      nativeRows.push({ id, ...score(extractFields(native.text), key) });
    }
    children.sample();
  }
  children.sample();
  children.stop();
  const childPeak = children.peak();
  if (engine) await engine.close();
  if (nativeDir) await rm(nativeDir, { recursive: true, force: true });

  const label = args.fromTexts ? `${args.engine} (saved texts)` : args.engine;
  const summary = summarise(label, rows, timings.total);
  const table = [
    '| run | n | vendor exact | vendor ≥0.8 | date | total | p50 ms | p95 ms | OCR p50 ms | prep p50 ms | CPU p50 ms | startup ms | peak RSS node MiB | peak RSS child MiB | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| ${summary.label} | ${summary.n} | ${summary.vendorExact} | ${summary.vendor08} | ${summary.date} | ${summary.total} | ${summary.p50} | ${summary.p95} | ${Math.round(percentile(timings.ocr, 50))} | ${Math.round(percentile(timings.prep, 50))} | ${Math.round(percentile(timings.cpu, 50))} | ${Math.round(startupMs)} | ${Math.round(peakRssMiB(process.pid))} | ${Math.round(childPeak)} | ${rows.filter((r) => r.error).length} |`,
  ];
  if (nativeRows.length > 0) {
    const native = summarise('tesseract CLI (OMP 1, tessdata_fast)', nativeRows, timings.native);
    table.push(
      `| ${native.label} | ${native.n} | ${native.vendorExact} | ${native.vendor08} | ${native.date} | ${native.total} | ${native.p50} | ${native.p95} | ${native.p50} | – | – | – | – | – | – |`,
    );
  }
  console.log(table.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
