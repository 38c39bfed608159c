// `npm run bench:export`: the exports on a stack of their own (database snaptrack_bench_export,
// queue prefix `benchexport`, a free port: it can run beside bench:api). It prints:
//   * CSV and QuickBooks CSV of the bench account's 100,000 expenses (bench-data.mjs): wall
//     time to the last byte, rows, bytes, and the gateway's peak RSS while it streams (sampled
//     from /proc every 20 ms, with its RSS before);
//   * the receipt PDF of 200 receipts, each with its own photo-sized JPEG in storage: time from
//     POST to a finished job, export-service's peak RSS, pages and file size.
//   * with --pack, only the accountant pack (a ZIP: CSVs, Xero bills, the PDF and every original
//     receipt file) of 1,000 receipts: time from POST to a finished job, export-service's peak
//     RSS, the ZIP's size and entries (checked with `unzip -tq`).
// Targets (issue 7): CSV ≤ 3 s and ≤ 200 MB; PDF of 200 receipts ≤ 30 s; (issue 30) the pack of
// 1,000 receipts ≤ 60 s with export-service under 300 MB. Beside the wall time it prints the CPU
// seconds the processes spent, which a busy machine does not inflate.
//
//   npm run bench:export -- [--count 100000] [--receipts 200] [--runs 3] [--skip-pdf] [--keep]
//   npm run bench:export -- --pack [--receipts 1000] [--keep]
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import pg from 'pg';
import sharp from 'sharp';
import { ROOT, migrateAll, stackEnv, startStack } from '../lib/stack.mjs';
import { dropDatabase } from '../lib/postgres.mjs';
import { freePort } from '../testing/free-port.mjs';
import { deleteRunQueues } from '../testing/queues.mjs';
import { BENCH_USER, seedBenchAccount } from './bench-data.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    receipts: { type: 'string' },
    pack: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    'skip-pdf': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const receiptCount = Number(args.receipts ?? (args.pack ? 1000 : 200));

const PDF_USER = {
  id: '00000000-0000-4000-8000-00000000bdf0',
  email: 'bench-pdf@example.com',
  password: 'snaptrack-bench',
};

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds several processes spend on `work`: a figure a loaded machine does not skew. */
async function withCpu(pids, work) {
  const before = pids.map(cpuSeconds);
  const result = await work();
  return { result, cpu: pids.map((pid, index) => cpuSeconds(pid) - before[index]) };
}

/** Peak VmRSS of a process while `work` runs, sampled every 20 ms; and its RSS before. */
async function withPeakRss(pid, work) {
  const rss = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
  };
  const before = rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, rss());
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function signIn(baseUrl, user) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${user.email}: ${response.status}`);
  return (await response.json()).token;
}

/** Streams a CSV download to the end, counting bytes and lines, holding none of it. */
async function streamCsv(baseUrl, token, route, body) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/export/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { ms: performance.now() - started, bytes, lines };
}

/** The PDF account: `count` receipts, each with its own JPEG in the stack's storage folder. */
async function seedPdfAccount(client, storageRoot, count) {
  const hash = await argon2.hash(PDF_USER.password, { type: argon2.argon2id });
  await client.query(
    `INSERT INTO "auth"."users" ("id", "email", "password_hash", "full_name", "subscription_status")
     VALUES ($1, $2, $3, 'Bench PDF', 'active') ON CONFLICT ("id") DO NOTHING`,
    [PDF_USER.id, PDF_USER.email, hash],
  );
  await client.query(`DELETE FROM "expenses"."expenses" WHERE "user_id" = $1`, [PDF_USER.id]);
  const folder = path.join(storageRoot, 'receipts', PDF_USER.id);
  mkdirSync(folder, { recursive: true });
  // A phone photo's size (2048 px long side, the app's upload cap) with enough texture that
  // JPEG cannot shrink it to nothing.
  const photo = await sharp({
    create: {
      width: 1536,
      height: 2048,
      channels: 3,
      noise: { type: 'gaussian', mean: 200, sigma: 25 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  for (let i = 0; i < count; i += 1) {
    const key = `receipts/${PDF_USER.id}/${randomUUID()}.jpg`;
    writeFileSync(path.join(storageRoot, key), photo);
    await client.query(
      `INSERT INTO "expenses"."expenses" ("id", "user_id", "vendor", "amount", "expense_date",
         "tags", "status", "extraction_method", "image_key", "ocr_confidence")
       VALUES ($1, $2, $3, $4, current_date - $5::int, ARRAY['Bench'], 'ready', 'image', $6, 0.93)`,
      [randomUUID(), PDF_USER.id, `Vendor ${i + 1}`, (5 + (i % 97)).toFixed(2), i % 300, key],
    );
  }
  return photo.length;
}

/** Starts a background export job (PDF or pack) and waits for it: its time and id. */
async function runJob(baseUrl, token, kind, body) {
  const started = performance.now();
  const created = await fetch(`${baseUrl}/api/export/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then((response) => response.json());
  if (!created.job_id) throw new Error(`${kind}: ${JSON.stringify(created)}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const status = await fetch(`${baseUrl}/api/export/${kind}/status/${created.job_id}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((response) => response.json());
    if (status.status === 'failed') throw new Error(`${kind} failed: ${status.error}`);
    if (status.status === 'completed') {
      return { ms: performance.now() - started, jobId: created.job_id };
    }
  }
}

/** The accountant pack of the PDF account's receipts: time, peak RSS, the ZIP checked. */
async function benchPack(stack, exportPid, varDir, photoBytes) {
  const token = await signIn(stack.baseUrl, PDF_USER);
  const {
    result: { result, before, peak },
    cpu: [exportCpu],
  } = await withCpu([exportPid], () =>
    withPeakRss(exportPid, () =>
      runJob(stack.baseUrl, token, 'pack', {
        filters: {},
        quickbooksSettings: { customer: 'Bench Client' },
      }),
    ),
  );
  const download = await fetch(`${stack.baseUrl}/api/export/pack/download/${result.jobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const file = path.join(varDir, 'bench-pack.zip');
  await pipeline(Readable.fromWeb(download.body), createWriteStream(file));
  const listing = execFileSync('unzip', ['-Z1', file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .trim()
    .split('\n');
  const originals = listing.filter((name) => name.startsWith('receipts/')).length;
  // Reads every entry back and checks its CRC: the ZIP is whole.
  execFileSync('unzip', ['-tq', file], { stdio: 'ignore' });
  return `pack: ${receiptCount} receipts (${mb(photoBytes * receiptCount)} of ${(photoBytes / 1024).toFixed(0)} KB JPEGs) in ${seconds(result.ms)} (CPU: export-service ${exportCpu.toFixed(2)} s); ZIP ${mb(statSync(file).size)}, ${listing.length} entries (${originals} originals), unzip -t clean; export-service RSS ${mb(before)} before, peak ${mb(peak)}`;
}

async function main() {
  const varDir = path.join(ROOT, 'var', 'bench-export');
  const env = stackEnv({
    NODE_ENV: 'production',
    // Production refuses the local checkout; these benches need no billing at all.
    BILLING: 'off',
    VAR_DIR: varDir,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/snaptrack_bench_export',
    RMQ_PREFIX: 'benchexport',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  await migrateAll(env);
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  const lines = [];
  try {
    const client = await pool.connect();
    let photoBytes;
    try {
      const started = Date.now();
      const total = args.pack ? 0 : await seedBenchAccount(client, Number(args.count));
      const receipts = args['skip-pdf'] && !args.pack ? 0 : receiptCount;
      photoBytes = await seedPdfAccount(client, env.STORAGE_FS_ROOT, receipts);
      process.stdout.write(
        `bench: ${total} expenses, ${receipts} receipts with images (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
      );
    } finally {
      client.release();
    }
    // A shared, busy machine can take minutes to boot eight processes.
    const stack = await startStack(env, {
      logDir: path.join(varDir, 'log'),
      readyTimeoutMs: 300_000,
    });
    try {
      const gatewayPid = stack.handles.get('gateway').child.pid;
      const exportPid = stack.handles.get('export').child.pid;
      const expensesPid = stack.handles.get('expenses').child.pid;
      if (args.pack) {
        lines.push(await benchPack(stack, exportPid, varDir, photoBytes));
        process.stdout.write(`\nbench:export\n${lines.join('\n')}\n`);
        return;
      }
      const token = await signIn(stack.baseUrl, BENCH_USER);
      const csvRuns = [
        ['csv', { filters: {} }],
        ['quickbooks', { filters: {}, quickbooksSettings: { customer: 'Bench Client' } }],
      ];
      for (const [route, body] of csvRuns) {
        for (let run = 1; run <= Number(args.runs); run += 1) {
          const {
            result: { result, before, peak },
            cpu: [gatewayCpu, expensesCpu],
          } = await withCpu([gatewayPid, expensesPid], () =>
            withPeakRss(gatewayPid, () => streamCsv(stack.baseUrl, token, route, body)),
          );
          lines.push(
            `${route.padEnd(10)} run ${run}: ${String(result.lines - 1).padStart(6)} rows, ${mb(result.bytes).padStart(6)} in ${seconds(result.ms).padStart(7)} (CPU: gateway ${gatewayCpu.toFixed(2)} s, expenses ${expensesCpu.toFixed(2)} s); gateway RSS ${mb(before)} before, peak ${mb(peak)}`,
          );
          process.stdout.write(`bench: ${lines.at(-1)}\n`);
        }
      }

      if (!args['skip-pdf']) {
        const pdfToken = await signIn(stack.baseUrl, PDF_USER);
        const {
          result: { result, before, peak },
          cpu: [exportCpu],
        } = await withCpu([exportPid], () =>
          withPeakRss(exportPid, async () => {
            const started = performance.now();
            const created = await fetch(`${stack.baseUrl}/api/export/pdf`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${pdfToken}` },
              body: JSON.stringify({ filters: {} }),
            }).then((response) => response.json());
            for (;;) {
              await new Promise((resolve) => setTimeout(resolve, 200));
              const status = await fetch(
                `${stack.baseUrl}/api/export/pdf/status/${created.job_id}`,
                {
                  headers: { authorization: `Bearer ${pdfToken}` },
                },
              ).then((response) => response.json());
              if (status.status === 'failed') throw new Error(`PDF failed: ${status.error}`);
              if (status.status === 'completed') {
                return { ms: performance.now() - started, jobId: created.job_id };
              }
            }
          }),
        );
        const download = await fetch(`${stack.baseUrl}/api/export/pdf/download/${result.jobId}`, {
          headers: { authorization: `Bearer ${pdfToken}` },
        });
        const file = path.join(varDir, 'bench-receipts.pdf');
        writeFileSync(file, Buffer.from(await download.arrayBuffer()));
        const pages = /^Pages:\s+(\d+)$/m.exec(
          execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
        )?.[1];
        lines.push(
          `pdf: ${receiptCount} receipts (${mb(photoBytes * receiptCount)} of ${(photoBytes / 1024).toFixed(0)} KB JPEGs) in ${seconds(result.ms)} (CPU: export-service ${exportCpu.toFixed(2)} s); ${pages} pages, ${mb(download.headers.get('content-length'))}; export-service RSS ${mb(before)} before, peak ${mb(peak)}`,
        );
      }
    } finally {
      await stack.stop();
    }
  } finally {
    await pool.end();
    await deleteRunQueues(env.RABBITMQ_URL, env.RMQ_PREFIX);
    if (!args.keep) await dropDatabase(env.DATABASE_URL);
  }
  process.stdout.write(`\nbench:export\n${lines.join('\n')}\n`);
}

await main();
