import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { FsObjectStorage } from '@snaptrack/storage';
import {
  api,
  createTestAccount,
  seedExpenses,
  stack,
  withDatabase,
  type SeedExpense,
  type TestAccount,
} from '@snaptrack/testing';
import { waitForExportJob } from './export-jobs.js';

let owner: TestAccount;
let stranger: TestAccount;
const workDir = mkdtempSync(path.join(tmpdir(), 'pdf-export-'));

interface Receipt {
  vendor: string;
  amount: string;
  /** Null: nobody read or set it (exported last, printed as "Date not read"). */
  date: string | null;
  entity: string | null;
  tags: string[];
  notes: string | null;
  method: 'image' | 'text' | 'manual';
  /** The home currency assumed by the reading (flagged `assumed`), not set by hand. */
  currencyAssumed?: boolean;
  image?: 'png' | 'jpeg' | 'webp' | 'missing';
  emailText?: string;
  /** USD when left out. */
  currency?: string;
}

const receipts: Receipt[] = [
  {
    vendor: 'Café Zoë',
    amount: '12.50',
    date: '2026-03-01',
    entity: 'Personal',
    tags: ['Meals'],
    notes: 'Team breakfast',
    method: 'image',
    image: 'png',
  },
  {
    vendor: 'Ørsted Energi',
    amount: '1234.56',
    date: '2026-03-02',
    entity: 'Acme Consulting',
    tags: ['Office', 'Utilities'],
    notes: null,
    method: 'image',
    image: 'jpeg',
  },
  {
    vendor: 'Shell Station 42',
    amount: '48.00',
    date: '2026-03-03',
    entity: 'Acme Consulting',
    tags: ['Gas'],
    notes: 'Client visit',
    method: 'image',
    image: 'webp',
  },
  {
    vendor: 'Mailed Hosting Ltd',
    amount: '19.99',
    date: '2026-03-04',
    entity: null,
    tags: ['Software'],
    notes: null,
    method: 'text',
    emailText: 'Thank you for your order.\nInvoice HX-4471\nTotal due: 19.99',
  },
  {
    vendor: 'Typed By Hand',
    amount: '7.25',
    date: '2026-03-05',
    entity: 'Personal',
    tags: [],
    notes: 'Parking',
    method: 'manual',
  },
  {
    vendor: 'Lost Image Cafe',
    amount: '3.10',
    date: '2026-03-06',
    entity: 'Personal',
    tags: [],
    notes: null,
    method: 'image',
    image: 'missing',
  },
  {
    vendor: 'Kedai Kopi',
    amount: '45.10',
    date: '2026-03-07',
    entity: 'Personal',
    tags: [],
    notes: null,
    method: 'manual',
    currency: 'MYR',
  },
  // Neither a date nor a currency on the receipt: the PDF says so, never makes them up.
  {
    vendor: 'Quiet Corner Deli',
    amount: '8.30',
    date: null,
    entity: null,
    tags: [],
    notes: null,
    method: 'manual',
    currency: 'GBP',
    currencyAssumed: true,
  },
];

async function receiptImage(format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const image = sharp({
    create: { width: 500, height: 900, channels: 3, background: { r: 240, g: 235, b: 220 } },
  });
  return image.toFormat(format).toBuffer();
}

async function seed(userId: string, rows: Receipt[]): Promise<void> {
  const storage = new FsObjectStorage({ root: stack.storageRoot });
  const seeded: SeedExpense[] = [];
  for (const row of rows) {
    let imageKey: string | null = null;
    if (row.image) {
      // Named as the gateway names uploads (`.jpg`): the PDF reads no other receipt key.
      const extension = { missing: 'png', jpeg: 'jpg', png: 'png', webp: 'webp' }[row.image];
      imageKey = `receipts/${userId}/${randomUUID()}.${extension}`;
      if (row.image !== 'missing') {
        await storage.put(imageKey, Readable.from([await receiptImage(row.image)]));
      }
    }
    seeded.push({
      vendor: row.vendor,
      amount: row.amount,
      expense_date: row.date,
      entity: row.entity,
      tags: row.tags,
      notes: row.notes,
      status: 'ready',
      extraction_method: row.method,
      image_key: imageKey,
      raw_ocr_text: row.emailText ?? null,
      email_subject: row.method === 'text' ? 'Your receipt from Mailed Hosting' : null,
      ocr_confidence: 0.9,
      currency: row.currency ?? 'USD',
      field_evidence: row.currencyAssumed
        ? JSON.stringify({ currency: { confidence: 0, box: null, flag: 'assumed' } })
        : null,
    });
  }
  await withDatabase((client) => seedExpenses(client, userId, seeded));
}

/** The pdf job's status until it ends (at most 240 polls). */
function waitForJob(token: string, jobId: string) {
  return waitForExportJob('pdf', token, jobId, 240);
}

async function downloadPdf(token: string, jobId: string) {
  const response = await fetch(`${stack.baseUrl}/api/export/pdf/download/${jobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(workDir, `${jobId}.pdf`);
  writeFileSync(file, bytes);
  return { response, file };
}

function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
}

/** pdftotext with the layout kept; spaces squeezed so wrapped words compare simply. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

async function exportPdf(token: string, filters: object) {
  return api('/api/export/pdf', { token, body: { filters } });
}

beforeAll(async () => {
  owner = await createTestAccount('pdf');
  stranger = await createTestAccount('pdf-other');
  for (const name of ['Personal', 'Acme Consulting']) {
    await api('/api/entities', { token: owner.token, body: { name } });
  }
  await seed(owner.id, receipts);
  await seed(stranger.id, [
    {
      vendor: 'Stranger Danger Inc',
      amount: '99.00',
      date: '2026-03-01',
      entity: null,
      tags: [],
      notes: null,
      method: 'manual',
    },
  ]);
});

describe('the receipt PDF', () => {
  let jobId: string;
  let file: string;

  it('starts a background job: 202 with async, job_id and expense_count', async () => {
    const { status, body } = await exportPdf(owner.token, {});
    expect(status).toBe(202);
    expect(body).toEqual({
      success: true,
      async: true,
      job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
      expense_count: receipts.length,
    });
    jobId = body.job_id;
  });

  it('reports progress up to 100 and completes', async () => {
    const { body, seen } = await waitForJob(owner.token, jobId);
    expect(body).toEqual({
      success: true,
      job_id: jobId,
      status: 'completed',
      expense_count: receipts.length,
      progress_percent: 100,
      error: null,
    });
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('downloads as snaptrack_receipts_{date}.pdf: a cover and one page per receipt', async () => {
    const download = await downloadPdf(owner.token, jobId);
    file = download.file;
    expect(download.response.status).toBe(200);
    expect(download.response.headers.get('content-type')).toBe('application/pdf');
    expect(download.response.headers.get('content-disposition')).toBe(
      `attachment; filename="snaptrack_receipts_${new Date().toISOString().slice(0, 10)}.pdf"`,
    );
    expect(pageCount(file)).toBe(receipts.length + 1);
  });

  it('shows every vendor, amount, entity and the email text, and the cover totals', () => {
    const text = pdfText(file);
    const pages = text.split('\f');
    expect(pages[0]).toContain('Period: All time');
    expect(pages[0]).toContain(`Receipts: ${receipts.length}`);
    // One total per currency: the ringgit receipt is never added into the dollars.
    expect(pages[0]).toContain('Total (USD): 1,325.40');
    expect(pages[0]).toContain('Total (MYR): 45.10');
    expect(pages[0]).toContain('Acme Consulting 2 $1,282.56');
    expect(pages[0]).toContain('Personal 3 $22.85');
    expect(pages[0]).toContain('Unassigned 1 $19.99');
    expect(pages[0]).toContain('Personal 1 MYR 45.10');
    receipts.forEach((receipt, index) => {
      const page = pages[index + 1];
      expect(page).toContain(receipt.vendor);
      const amount = Number(receipt.amount).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(page).toContain(receipt.currency ? `${receipt.currency} ${amount}` : `$${amount}`);
      expect(page).toContain(receipt.date ?? 'Date not read');
      if (receipt.currencyAssumed) {
        expect(page).toContain(`Currency assumed: ${receipt.currency}, not shown on the receipt`);
      } else {
        expect(page).not.toContain('Currency assumed');
      }
      expect(page).toContain(receipt.entity ?? 'Unassigned');
      for (const tag of receipt.tags) expect(page).toContain(tag);
      if (receipt.notes) expect(page).toContain(receipt.notes);
    });
    expect(pages[4]).toContain('Invoice HX-4471');
    expect(pages[4]).toContain('Your receipt from Mailed Hosting');
    expect(pages[6]).toContain('The receipt image could not be read.');
    expect(text).not.toContain('Stranger Danger');
  });

  it('embeds the receipt images', () => {
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    // The PNG, the JPEG and the WebP; the missing one is a note.
    expect(images).toHaveLength(3);
  });

  it('follows the filters: one entity, a period', async () => {
    const created = await exportPdf(owner.token, {
      entities: ['Acme Consulting'],
      start_date: '2026-03-02',
      end_date: '2026-03-02',
    });
    expect(created.body.expense_count).toBe(1);
    await waitForJob(owner.token, created.body.job_id);
    const { file: filtered } = await downloadPdf(owner.token, created.body.job_id);
    expect(pageCount(filtered)).toBe(2);
    const text = pdfText(filtered);
    expect(text).toContain('Period: 2026-03-02 to 2026-03-02');
    expect(text).toContain('Entities: Acme Consulting');
    expect(text).toContain('Ørsted Energi');
    expect(text).not.toContain('Café Zoë');
  });

  it("answers 404 for another user's job, its download and ids that are not ids", async () => {
    for (const url of [`/api/export/pdf/status/${jobId}`, `/api/export/pdf/download/${jobId}`]) {
      const { status, body } = await api(url, { token: stranger.token });
      expect(status).toBe(404);
      expect(body.error.message).toBe('Export job not found.');
    }
    expect((await api('/api/export/pdf/status/not-a-job', { token: owner.token })).status).toBe(
      404,
    );
    expect(
      (await api(`/api/export/pdf/status/${randomUUID()}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('refuses an export that matches nothing', async () => {
    const { status, body } = await exportPdf(owner.token, { end_date: '2000-01-01' });
    expect(status).toBe(400);
    expect(body.error.message).toBe('No expenses match these filters.');
  });

  it('deletes the file and the job once the retention has passed', async () => {
    // The file is there before the job expires (the sweeper runs every second: checking after
    // the expiry would race it).
    const key = await withDatabase(async (client) => {
      const { rows } = await client.query<{ file_key: string }>(
        `SELECT "file_key" FROM "export"."pdf_jobs" WHERE "id" = $1`,
        [jobId],
      );
      return rows[0].file_key;
    });
    expect(existsSync(path.join(stack.storageRoot, key))).toBe(true);
    await withDatabase((client) =>
      client.query(
        `UPDATE "export"."pdf_jobs" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`,
        [jobId],
      ),
    );
    let status = 200;
    for (let attempt = 0; attempt < 100 && status !== 404; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await api(`/api/export/pdf/status/${jobId}`, { token: owner.token })).status;
    }
    expect(status).toBe(404);
    expect(existsSync(path.join(stack.storageRoot, key))).toBe(false);
  });
});
