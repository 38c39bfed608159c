import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { UploadMessages } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  uploadReceipt,
  waitForReceipt,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';

let account: TestAccount;
const entity = 'Personal';

beforeAll(async () => {
  account = await createTestAccount('receipt-reliability');
  await api('/api/entities', { token: account.token, body: { name: entity } });
});

/** A PNG whose header claims width × height pixels around a 1-pixel body: a pixel bomb. */
async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1, height: 1, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  // IHDR data starts at byte 16 (8 signature, 4 length, 4 type); its CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** Offset of a JPEG's SOF0/SOF2 marker (the frame header with the image size). */
function findSof(jpeg: Buffer): number {
  for (let i = 2; i < jpeg.length - 1; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) return i;
  }
  throw new Error('no SOF marker');
}

/** An APP1 segment of `length` filler bytes (what a camera's EXIF and thumbnails look like). */
function app1Padding(length: number): Buffer {
  const segment = Buffer.alloc(4 + length, 0x20);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(length + 2, 2);
  return segment;
}

/** Every receipt file stored for a user (the fs driver of the test stack). */
async function storedFiles(userId: string): Promise<string[]> {
  return readdir(path.join(stack.storageRoot, 'receipts', userId)).then(
    (names) => names.filter((name) => !name.endsWith('.meta.json')),
    () => [],
  );
}

async function rows<T>(sql: string, params: unknown[]): Promise<T[]> {
  return withDatabase(async (client) => (await client.query(sql, params)).rows as T[]);
}

describe('receipt uploads', () => {
  it('answers a retried upload (same Idempotency-Key) with the first expense, once', async () => {
    const image = await renderReceipt({
      vendor: 'KEYSTONE DELI',
      date: '2026-04-02',
      total: '8.10',
    });
    const key = randomUUID();
    const first = await uploadReceipt(account.token, image, { entity, idempotencyKey: key });
    const retry = await uploadReceipt(account.token, image, { entity, idempotencyKey: key });
    expect(first.status).toBe(202);
    expect(retry.status).toBe(202);
    expect(retry.body.expense.id).toBe(first.body.expense.id);
    const found = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1 AND "idempotency_key" = $2`,
      [account.id, key],
    );
    expect(found).toEqual([{ n: 1 }]);
    await waitForReceipt(account.token, first.body.expense.id);
  });

  it('flags an exact copy of an earlier receipt as a possible duplicate', async () => {
    const image = await renderReceipt({ vendor: 'TWIN PINES', date: '2026-04-03', total: '19.00' });
    const first = await uploadReceipt(account.token, image, { entity });
    const again = await uploadReceipt(account.token, image, { entity });
    expect(first.body.expense.duplicate_of).toBeNull();
    expect(again.body.expense.duplicate_of).toBe(first.body.expense.id);
    expect(again.body.expense.id).not.toBe(first.body.expense.id);
  });

  it('refuses a pixel bomb (30,000 × 30,000 PNG header) at upload, before any expense exists', async () => {
    const count = () =>
      rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1`,
        [account.id],
      );
    const before = await count();
    const storedBefore = await storedFiles(account.id);
    const upload = await uploadReceipt(account.token, await pixelBomb(30_000, 30_000), {
      entity,
      filename: 'huge.png',
      type: 'image/png',
    });
    expect(upload.status).toBe(400);
    expect(upload.body.error.message).toBe(UploadMessages.tooManyPixels);
    expect(await count()).toEqual(before);
    expect(await storedFiles(account.id)).toEqual(storedBefore);
  });

  it('lets the OCR service refuse a bomb whose header the upload could not read', async () => {
    // A JPEG whose size sits past the bytes the gateway reads (a huge EXIF block first), with a
    // 20,000 × 20,000 frame header: the second line, the OCR service's cap, says why.
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#ffffff' },
    })
      .withExif({ IFD0: { ImageDescription: 'x'.repeat(60_000) } })
      .jpeg()
      .toBuffer();
    const sof = findSof(jpeg);
    jpeg.writeUInt16BE(20_000, sof + 5);
    jpeg.writeUInt16BE(20_000, sof + 7);
    const padded = Buffer.concat([
      jpeg.subarray(0, 2),
      ...Array.from({ length: 5 }, () => app1Padding(60_000)),
      jpeg.subarray(2),
    ]);
    const upload = await uploadReceipt(account.token, padded, { entity });
    expect(upload.status).toBe(202);
    const done = await waitForReceipt(account.token, upload.body.expense.id);
    expect(done.status).toBe('failed');
    expect(done.processing_error).toMatch(/too many pixels/);
  });

  it('keeps a PDF without text or image and says it cannot be read', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
        '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
        '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
        'trailer <</Root 1 0 R>>\n%%EOF\n',
    );
    const upload = await uploadReceipt(account.token, pdf, {
      entity,
      filename: 'blank.pdf',
      type: 'application/pdf',
    });
    expect(upload.status).toBe(202);
    const done = await waitForReceipt(account.token, upload.body.expense.id);
    expect(done.status).toBe('failed');
    expect(done.processing_error).toMatch(/PDF/);
    const image = await api(done.image_url, { token: account.token });
    expect(image.status).toBe(200);
  });
});

describe('with the OCR service stopped', () => {
  const BACKLOG = 20;

  // A backlog well past what the reader takes at once (one job in flight): 20 prove what 50 did.
  it('keeps 20 uploads waiting and reads every one exactly once after it starts', async () => {
    const owner = await createTestAccount('receipt-outage');
    await api('/api/entities', { token: owner.token, body: { name: entity } });
    await stack.stop('ocr');
    const totals = Array.from({ length: BACKLOG }, (_, index) =>
      (10 + index + index / 100).toFixed(2),
    );
    const ids: string[] = [];
    try {
      for (const total of totals) {
        const image = await renderReceipt({ vendor: 'OUTAGE MART', date: '2026-05-06', total });
        const upload = await uploadReceipt(owner.token, image, { entity });
        expect(upload.status).toBe(202);
        ids.push(upload.body.expense.id as string);
      }
      const waiting = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1 AND "status" = 'processing'`,
        [owner.id],
      );
      expect(waiting).toEqual([{ n: BACKLOG }]);
    } finally {
      await stack.start('ocr');
    }

    const done: { status: string; amount: number }[] = [];
    for (const id of ids) done.push(await waitForReceipt(owner.token, id, 600_000));
    expect(done.map((expense) => expense.status)).toEqual(ids.map(() => 'ready'));
    expect(done.map((expense) => expense.amount.toFixed(2))).toEqual(totals);
    const expenses = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1`,
      [owner.id],
    );
    expect(expenses).toEqual([{ n: BACKLOG }]);
    // One reading per upload: nothing was read twice, nothing was lost.
    const readings = await rows<{ expense_id: string; n: number }>(
      `SELECT "expense_id", count(*)::int AS n FROM "ocr"."readings" WHERE "user_id" = $1
       GROUP BY "expense_id"`,
      [owner.id],
    );
    expect(readings).toHaveLength(BACKLOG);
    expect(readings.every((reading) => reading.n === 1)).toBe(true);
  }, 900_000);
});
