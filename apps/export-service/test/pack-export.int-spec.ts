import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { FsObjectStorage } from '@snaptrack/storage';
import {
  api,
  createTestAccount,
  renderReceipt,
  seedExpenses,
  stack,
  uploadReceipt,
  waitForReceipt,
  withDatabase,
  type SeedExpense,
  type TestAccount,
} from '@snaptrack/testing';
import { waitForExportJob } from './export-jobs.js';

let owner: TestAccount;
let stranger: TestAccount;
const workDir = mkdtempSync(path.join(tmpdir(), 'pack-export-'));
const today = new Date().toISOString().slice(0, 10);
const quickbooksSettings = { customer: 'Acme Client Ltd', terms: 'Net 30' };

interface Seeded {
  vendor: string;
  amount: string;
  date: string;
  entity: string | null;
  method: 'image' | 'text' | 'manual';
  file?: { ext: 'png' | 'jpg' | 'webp' | 'txt'; bytes: Buffer } | 'missing' | { key: string };
  /** Nobody read or set the date: stored as none (NULL), flagged `not_read`. */
  dateNotRead?: boolean;
  currency?: string;
  /** The reading assumed the currency (nothing on the receipt named one): flagged `assumed`. */
  currencyAssumed?: boolean;
  notes?: string | null;
}

async function image(format: 'png' | 'jpeg' | 'webp', shade: number): Promise<Buffer> {
  return sharp({
    create: { width: 300, height: 500, channels: 3, background: { r: shade, g: 230, b: 210 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** Rows straight into expenses' table and files straight into storage, as the PDF test does. */
async function seed(userId: string, rows: Seeded[]): Promise<string[]> {
  const storage = new FsObjectStorage({ root: stack.storageRoot });
  const seeded: SeedExpense[] = [];
  for (const row of rows) {
    let key: string | null = null;
    if (row.file === 'missing') key = `receipts/${userId}/${randomUUID()}.jpg`;
    else if (row.file && 'key' in row.file) key = row.file.key;
    else if (row.file) {
      key = `receipts/${userId}/${randomUUID()}.${row.file.ext}`;
      await storage.put(key, Readable.from([row.file.bytes]));
    }
    const evidence =
      row.dateNotRead || row.currencyAssumed
        ? {
            ...(row.dateNotRead
              ? { expense_date: { confidence: 0, box: null, flag: 'not_read' } }
              : {}),
            ...(row.currencyAssumed
              ? { currency: { confidence: 0, box: null, flag: 'assumed' } }
              : {}),
          }
        : null;
    seeded.push({
      vendor: row.vendor,
      amount: row.amount,
      expense_date: row.dateNotRead ? null : row.date,
      entity: row.entity,
      tags: [],
      notes: row.notes ?? null,
      status: 'ready',
      extraction_method: row.method,
      image_key: key,
      raw_ocr_text: row.method === 'text' ? 'Invoice HX-4471 total 19.99' : null,
      ocr_confidence: 0.9,
      currency: row.currency ?? 'USD',
      field_evidence: evidence && JSON.stringify(evidence),
    });
  }
  return withDatabase((client) => seedExpenses(client, userId, seeded));
}

async function makeFiles() {
  return {
    png: await image('png', 240),
    jpeg: await image('jpeg', 200),
    webp: await image('webp', 180),
    twinA: await image('jpeg', 120),
    twinB: await image('jpeg', 90),
    mail: Buffer.from('From: shop@example.com\r\n\r\nThank you. Total: 19.99\r\n'),
    strangers: await image('png', 10),
  };
}
let files: Awaited<ReturnType<typeof makeFiles>>;
let strangerKey: string;
let uploaded: Buffer;
/** The uploaded receipt's reading assumed its currency (the rendered receipt prints none). */
let uploadedAssumed: boolean;

const receiptsOf = (files: Awaited<ReturnType<typeof makeFiles>>): Seeded[] => [
  {
    vendor: 'Café Zoë',
    amount: '12.50',
    date: '2026-03-01',
    entity: 'Personal',
    method: 'image',
    file: { ext: 'png', bytes: files.png },
    notes: 'Team breakfast',
  },
  {
    vendor: 'Smith, Jones & "Co" / Ltd: A*B?',
    amount: '1234.56',
    date: '2026-03-02',
    entity: 'Acme Consulting',
    method: 'image',
    file: { ext: 'jpg', bytes: files.jpeg },
    notes: '=HYPERLINK("http://evil.example")',
  },
  {
    vendor: 'Shell',
    amount: '48.00',
    date: '2026-03-03',
    entity: 'Acme Consulting',
    method: 'image',
    file: { ext: 'webp', bytes: files.webp },
  },
  // The same name twice: the second gets _2.
  {
    vendor: 'Twin Diner',
    amount: '9.00',
    date: '2026-03-04',
    entity: 'Personal',
    method: 'image',
    file: { ext: 'jpg', bytes: files.twinA },
  },
  {
    vendor: 'TWIN DINER',
    amount: '9.00',
    date: '2026-03-04',
    entity: 'Personal',
    method: 'image',
    file: { ext: 'jpg', bytes: files.twinB },
  },
  {
    vendor: 'Mailed Hosting Ltd',
    amount: '19.99',
    date: '2026-03-05',
    entity: null,
    method: 'text',
    file: { ext: 'txt', bytes: files.mail },
  },
  { vendor: 'Typed By Hand', amount: '7.25', date: '2026-03-06', entity: null, method: 'manual' },
  {
    vendor: 'Lost File Cafe',
    amount: '3.10',
    date: '2026-03-07',
    entity: 'Personal',
    method: 'image',
    file: 'missing',
    currencyAssumed: true,
  },
  // Neither the date nor the vendor was read.
  {
    vendor: '',
    amount: '45.10',
    date: '2026-03-08',
    entity: 'Personal',
    method: 'image',
    file: { ext: 'png', bytes: files.png },
    dateNotRead: true,
    currency: 'MYR',
  },
];
/** Seeded rows, the uploaded receipt and the row that names another account's file. */
const EXPENSES = 9 + 2;

/** The pack job's status until it ends (at most 480 polls). */
function waitForJob(token: string, jobId: string) {
  return waitForExportJob('pack', token, jobId, 480);
}

async function download(token: string, jobId: string) {
  const response = await fetch(`${stack.baseUrl}/api/export/pack/download/${jobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(workDir, `${jobId}.zip`);
  writeFileSync(file, bytes);
  return { response, bytes, file };
}

/** A CSV read the strict way: RFC 4180 quoting, the same number of fields on every record. */
function strictCsv(bytes: Uint8Array): string[][] {
  const text = Buffer.from(bytes).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text, {
    bom: true,
    record_delimiter: ['\r\n'],
    relax_quotes: false,
    relax_column_count: false,
    skip_empty_lines: false,
  });
}

function createPack(token: string, body: object) {
  return api('/api/export/pack', { token, body });
}

beforeAll(async () => {
  owner = await createTestAccount('pack');
  stranger = await createTestAccount('pack-other');
  for (const name of ['Personal', 'Acme Consulting']) {
    await api('/api/entities', { token: owner.token, body: { name } });
  }
  files = await makeFiles();
  const receipts = receiptsOf(files);
  expect(receipts).toHaveLength(EXPENSES - 2);
  await seed(owner.id, receipts);
  // One receipt uploaded through the API, as the web app does.
  uploaded = await renderReceipt({ vendor: 'Harbour Bakery', date: '2026-03-09', total: '10.70' });
  const upload = await uploadReceipt(owner.token, uploaded, { entity: 'Personal' });
  expect(upload.status).toBeLessThan(300);
  const expense = await waitForReceipt(owner.token, upload.body.expense.id);
  expect(expense.status).toBe('ready');
  uploadedAssumed = expense.field_evidence?.currency?.flag === 'assumed';
  strangerKey = `receipts/${stranger.id}/${randomUUID()}.png`;
  await seed(stranger.id, [
    {
      vendor: 'Stranger Danger Inc',
      amount: '99.00',
      date: '2026-03-01',
      entity: null,
      method: 'image',
      file: { ext: 'png', bytes: files.strangers },
    },
  ]);
  await new FsObjectStorage({ root: stack.storageRoot }).put(
    strangerKey,
    Readable.from([files.strangers]),
  );
  // A row of the owner's that names the stranger's file (a planted key): never read.
  await seed(owner.id, [
    {
      vendor: 'Planted Key Ltd',
      amount: '1.00',
      date: '2026-03-10',
      entity: null,
      method: 'image',
      file: { key: strangerKey },
    },
  ]);
});

describe('the accountant pack', () => {
  let jobId: string;
  let entries: Record<string, Uint8Array>;

  it('starts a background job: 202 with async, job_id and expense_count', async () => {
    const { status, body } = await createPack(owner.token, { filters: {}, quickbooksSettings });
    expect(status).toBe(202);
    expect(body).toEqual({
      success: true,
      async: true,
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
      expense_count: EXPENSES,
    });
    jobId = body.job_id;
  });

  it('reports progress up to 100 and completes', async () => {
    const { body, seen } = await waitForJob(owner.token, jobId);
    expect(body).toEqual({
      success: true,
      job_id: jobId,
      status: 'completed',
      expense_count: EXPENSES,
      progress_percent: 100,
      error: null,
    });
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('downloads as snaptrack_pack_{date}.zip, a ZIP that unzip tests clean', async () => {
    const { response, bytes, file } = await download(owner.token, jobId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="snaptrack_pack_${today}.zip"`,
    );
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    // Info-ZIP reads every entry and checks its CRC.
    expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toMatch(/No errors/);
    entries = unzipSync(bytes);
  });

  it('holds the three CSVs, the PDF, README.txt and the originals, named as promised', () => {
    // The uploaded receipt's name is what the reader read: its shape is checked, not its words.
    const readName = /^receipts\/(\d{4}-\d{2}-\d{2}|unknown-date)_[^_/]+_[-\d.]+_[A-Z]{3}\.jpg$/;
    const names = Object.keys(entries).sort();
    const isUpload = (name: string) => Buffer.from(entries[name]).equals(uploaded);
    expect(names.filter(isUpload)).toEqual([expect.stringMatching(readName)]);
    expect(names.filter((name) => !isUpload(name))).toEqual(
      [
        `snaptrack_expenses_${today}.csv`,
        `quickbooks_invoice_${today}.csv`,
        `xero_bills_${today}.csv`,
        `snaptrack_receipts_${today}.pdf`,
        'README.txt',
        'receipts/2026-03-01_Café-Zoë_12.50_USD.png',
        'receipts/2026-03-02_Smith-Jones-Co-Ltd-A-B_1234.56_USD.jpg',
        'receipts/2026-03-03_Shell_48.00_USD.webp',
        'receipts/2026-03-04_Twin-Diner_9.00_USD.jpg',
        'receipts/2026-03-04_TWIN-DINER_9.00_USD_2.jpg',
        'receipts/2026-03-05_Mailed-Hosting-Ltd_19.99_USD.txt',
        'receipts/unknown-date_unknown-vendor_45.10_MYR.png',
      ].sort(),
    );
  });

  it('keeps every original byte for byte, the uploaded one too', () => {
    const byName = (name: string) => Buffer.from(entries[`receipts/${name}`]);
    expect(byName('2026-03-01_Café-Zoë_12.50_USD.png').equals(files.png)).toBe(true);
    expect(byName('2026-03-02_Smith-Jones-Co-Ltd-A-B_1234.56_USD.jpg').equals(files.jpeg)).toBe(
      true,
    );
    expect(byName('2026-03-03_Shell_48.00_USD.webp').equals(files.webp)).toBe(true);
    expect(byName('2026-03-04_Twin-Diner_9.00_USD.jpg').equals(files.twinA)).toBe(true);
    expect(byName('2026-03-04_TWIN-DINER_9.00_USD_2.jpg').equals(files.twinB)).toBe(true);
    expect(byName('2026-03-05_Mailed-Hosting-Ltd_19.99_USD.txt').equals(files.mail)).toBe(true);
    const originals = Object.entries(entries).filter(([name]) => name.startsWith('receipts/'));
    expect(originals.some(([, bytes]) => Buffer.from(bytes).equals(uploaded))).toBe(true);
  });

  it('writes the CSV, QuickBooks and Xero files that a strict parser reads', () => {
    const csv = strictCsv(entries[`snaptrack_expenses_${today}.csv`]);
    expect(csv[0].slice(0, 4)).toEqual(['Date', 'Vendor', 'Amount', 'Currency']);
    expect(csv).toHaveLength(EXPENSES + 1);
    expect(csv.map((row) => row[1])).toContain('Smith, Jones & "Co" / Ltd: A*B?');
    // A formula-looking description stays text.
    expect(csv.map((row) => row[6])).toContain(`'=HYPERLINK("http://evil.example")`);

    const quickbooks = strictCsv(entries[`quickbooks_invoice_${today}.csv`]);
    expect(quickbooks[0][0]).toBe('InvoiceNo');
    expect(quickbooks).toHaveLength(EXPENSES + 1);
    expect(new Set(quickbooks.slice(1).map((row) => row[1]))).toEqual(new Set(['Acme Client Ltd']));

    const xero = strictCsv(entries[`xero_bills_${today}.csv`]);
    const header = xero[0];
    expect(header).toEqual(expect.arrayContaining(['*ContactName', '*InvoiceNumber', 'Currency']));
    expect(xero).toHaveLength(EXPENSES + 1);
    const column = (name: string) => xero.slice(1).map((row) => row[header.indexOf(name)]);
    expect(column('*ContactName')).toContain('Café Zoë');
    expect(column('*UnitAmount')).toContain('1234.56');
    expect(column('Currency')).toContain('MYR');
    expect(new Set(column('*InvoiceNumber')).size).toBe(EXPENSES);

    // The expense nobody dated has an empty date in every file, never a made-up one.
    const myr = (rows: string[][], currencyColumn: number) =>
      rows.slice(1).filter((row) => row[currencyColumn] === 'MYR');
    expect(myr(csv, 3).map((row) => row[0])).toEqual(['']);
    const undatedBill = myr(xero, header.indexOf('Currency'));
    expect(undatedBill.map((row) => row[header.indexOf('*InvoiceDate')])).toEqual(['']);
    expect(undatedBill.map((row) => row[header.indexOf('*DueDate')])).toEqual(['']);
    const myrLine = quickbooks.slice(1).filter((row) => row[0].endsWith('-MYR'));
    expect(myrLine.map((row) => row[quickbooks[0].indexOf('ServiceDate')])).toEqual(['']);

    // The currency nobody read is marked as assumed in every file, never passed off as read:
    // the seeded one, and the uploaded receipt when its reading assumed it.
    const assumed = ['Lost File Cafe', ...(uploadedAssumed ? ['Harbour Bakery'] : [])].sort();
    const assumedColumn = csv[0].indexOf('Currency assumed');
    expect(assumedColumn).toBe(csv[0].length - 1);
    const marked = csv.slice(1).filter((row) => row[assumedColumn] === 'Yes');
    expect(marked.map((row) => row[1]).sort()).toEqual(assumed);
    const assumedNote = ' (currency assumed, not on the receipt)';
    const noted = (texts: string[]) =>
      texts
        .filter((text) => text.endsWith(assumedNote))
        .map((text) => text.slice(0, -assumedNote.length))
        .sort();
    const qbColumn = quickbooks[0].indexOf('ItemDescription');
    expect(noted(quickbooks.slice(1).map((row) => row[qbColumn]))).toEqual(assumed);
    expect(noted(column('Description'))).toEqual(assumed);
  });

  it('puts the receipt PDF in: a cover and one page per expense', () => {
    const file = path.join(workDir, `${jobId}.pdf`);
    writeFileSync(file, entries[`snaptrack_receipts_${today}.pdf`]);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBe(EXPENSES + 1);
  });

  it('says in README.txt what each file is, and which receipt file was missing', () => {
    const readme = Buffer.from(entries['README.txt']).toString('utf8');
    for (const name of Object.keys(entries).filter((entry) => !entry.startsWith('receipts/'))) {
      if (name !== 'README.txt') expect(readme).toContain(name);
    }
    expect(readme).toContain('receipts/');
    expect(readme).toContain('unknown-date');
    expect(readme).toContain('has both dates empty: Xero refuses');
    expect(readme).toContain('Acme Client Ltd');
    expect(readme).toContain('1 expense was typed in by hand');
    expect(readme).toContain('2026-03-07_Lost-File-Cafe_3.10_USD.jpg');
  });

  it("never holds another account's expenses or files, even under a planted key", () => {
    const everything = Buffer.concat(Object.values(entries).map((bytes) => Buffer.from(bytes)));
    expect(everything.includes('Stranger Danger')).toBe(false);
    expect(everything.includes(files.strangers)).toBe(false);
    const readme = Buffer.from(entries['README.txt']).toString('utf8');
    expect(readme).toContain('2026-03-10_Planted-Key-Ltd_1.00_USD.png');
  });

  it("answers 404 for another account's job, a PDF job's id and ids that are not ids", async () => {
    for (const url of [`/api/export/pack/status/${jobId}`, `/api/export/pack/download/${jobId}`]) {
      const { status, body } = await api(url, { token: stranger.token });
      expect(status).toBe(404);
      expect(body.error.message).toBe('Export job not found.');
    }
    const pdf = await api('/api/export/pdf', { token: owner.token, body: { filters: {} } });
    expect(pdf.status).toBe(202);
    expect(
      (await api(`/api/export/pack/status/${pdf.body.job_id}`, { token: owner.token })).status,
    ).toBe(404);
    expect((await api(`/api/export/pdf/status/${jobId}`, { token: owner.token })).status).toBe(404);
    expect((await api('/api/export/pack/status/not-a-job', { token: owner.token })).status).toBe(
      404,
    );
  });

  it('follows the filters: one entity, a period', async () => {
    const created = await createPack(owner.token, {
      filters: { entities: ['Acme Consulting'], start_date: '2026-03-02', end_date: '2026-03-03' },
      quickbooksSettings,
    });
    expect(created.status).toBe(202);
    expect(created.body.expense_count).toBe(2);
    const { body } = await waitForJob(owner.token, created.body.job_id);
    expect(body.status).toBe('completed');
    const zip = unzipSync((await download(owner.token, created.body.job_id)).bytes);
    expect(Object.keys(zip).filter((name) => name.startsWith('receipts/'))).toEqual([
      'receipts/2026-03-02_Smith-Jones-Co-Ltd-A-B_1234.56_USD.jpg',
      'receipts/2026-03-03_Shell_48.00_USD.webp',
    ]);
    expect(strictCsv(zip[`snaptrack_expenses_${today}.csv`])).toHaveLength(3);
    const readme = Buffer.from(zip['README.txt']).toString('utf8');
    expect(readme).toContain('2026-03-02 to 2026-03-03');
    expect(readme).toContain('Acme Consulting');
  });

  it('answers 429 with Retry-After while two packs are being made; a PDF may still start', async () => {
    const account = await createTestAccount('pack-quota');
    await seed(account.id, [
      { vendor: 'Quota Cafe', amount: '1.00', date: '2026-03-01', entity: null, method: 'manual' },
    ]);
    const jobs = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO "export"."pdf_jobs" ("id", "user_id", "kind", "quickbooks", "status",
           "filters", "expense_count", "expires_at")
         SELECT gen_random_uuid(), $1, 'pack', $2, 'processing', '{}', 1, now() + interval '1 day'
         FROM generate_series(1, 2) RETURNING "id"`,
        [account.id, quickbooksSettings],
      );
      return rows.map((row) => row.id);
    });
    const refused = await createPack(account.token, { quickbooksSettings });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You already have 2 accountant packs being made. Please wait for one to finish.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const pdf = await api('/api/export/pdf', { token: account.token, body: { filters: {} } });
    expect(pdf.status).toBe(202);
    await withDatabase((client) =>
      client.query(`UPDATE "export"."pdf_jobs" SET "status" = 'failed' WHERE "id" = ANY($1)`, [
        jobs,
      ]),
    );
    expect((await createPack(account.token, { quickbooksSettings })).status).toBe(202);
  });

  it("refuses bad input in the spec's words", async () => {
    const missing = await createPack(owner.token, { filters: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Please enter a customer name for QuickBooks export.');
    const blank = await createPack(owner.token, { quickbooksSettings: { customer: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Please enter a customer name for QuickBooks export.');
    const badDate = await createPack(owner.token, {
      filters: { start_date: '2026-02-30' },
      quickbooksSettings,
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.message).toBe('start_date must be a date (YYYY-MM-DD).');
    const none = await createPack(owner.token, {
      filters: { end_date: '2000-01-01' },
      quickbooksSettings,
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('No expenses match these filters.');
    const anonymous = await api('/api/export/pack', { body: { quickbooksSettings } });
    expect(anonymous.status).toBe(401);
  });
});
