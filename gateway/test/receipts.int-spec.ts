import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { UploadMessages } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  renderReceiptPdf,
  uploadReceipt,
  waitForReceipt,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';

let owner: TestAccount;
let stranger: TestAccount;

/** Every receipt file stored for a user (the fs driver of the test stack). */
async function storedFiles(userId: string): Promise<string[]> {
  const root = path.join(path.dirname(process.env.SNAPTRACK_LOG_DIR ?? ''), 'storage');
  return readdir(path.join(root, 'receipts', userId)).then(
    (names) => names.filter((name) => !name.endsWith('.meta.json')),
    () => [],
  );
}

async function expenseCount(userId: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM "expenses"."expenses" WHERE "user_id" = $1`,
      [userId],
    );
    return rows[0].n as number;
  });
}

beforeAll(async () => {
  owner = await createTestAccount('receipts');
  stranger = await createTestAccount('receipts-other');
  await api('/api/entities', { token: owner.token, body: { name: 'Harbor Studio' } });
});

describe('POST /api/parse', () => {
  it('stores the receipt, answers 202 processing, then fills in vendor, amount and date', async () => {
    const image = await renderReceipt({
      vendor: 'BLUE HARBOR CAFE',
      date: '2026-03-14',
      total: '42.17',
      items: [
        ['Flat white', '4.50'],
        ['Club sandwich', '37.67'],
      ],
    });
    const upload = await uploadReceipt(owner.token, image, { entity: 'Harbor Studio' });
    expect(upload.status).toBe(202);
    expect(upload.body.success).toBe(true);
    const created = upload.body.expense;
    expect(created).toMatchObject({
      status: 'processing',
      entity: 'Harbor Studio',
      extraction_method: 'image',
      image_url: `/api/expenses/${created.id}/image`,
    });

    const done = await waitForReceipt(owner.token, created.id);
    expect(done).toMatchObject({
      status: 'ready',
      vendor: 'BLUE HARBOR CAFE',
      amount: 42.17,
      expense_date: '2026-03-14',
      entity: 'Harbor Studio',
      processing_error: null,
    });
    expect(done.ocr_confidence).toBeGreaterThan(0.5);
    expect(done.raw_ocr_text).toContain('42.17');

    // The image goes to its owner, byte for byte, and to nobody else.
    const own = await fetch(`${process.env.SNAPTRACK_BASE_URL}${created.image_url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await own.arrayBuffer()).equals(image)).toBe(true);
    const other = await api(created.image_url, { token: stranger.token });
    expect(other.status).toBe(404);
  });

  it('reads a receipt scanned on a whole page, and a PNG', async () => {
    const image = await renderReceipt(
      { vendor: 'NORTHWIND HARDWARE', date: '2026-02-03', total: '118.40' },
      { wholePage: true, format: 'png' },
    );
    const upload = await uploadReceipt(owner.token, image, {
      entity: 'Harbor Studio',
      filename: 'scan.png',
      type: 'image/png',
    });
    expect(upload.status).toBe(202);
    const done = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(done).toMatchObject({ status: 'ready', amount: 118.4, expense_date: '2026-02-03' });
    expect(done.vendor).toBe('NORTHWIND HARDWARE');
  });

  describe('reads awkward photos correctly', () => {
    const cases: [
      string,
      () => Promise<Buffer>,
      { vendor: string; amount: number; date: string },
    ][] = [
      [
        'an EXIF orientation tag (pixels stored sideways, tagged to show upright)',
        async () =>
          sharp(
            await renderReceipt(
              { vendor: 'ORCHARD GROCERS', date: '2026-04-11', total: '31.75' },
              { rotate: 270 },
            ),
          )
            .withMetadata({ orientation: 6 })
            .jpeg({ quality: 92 })
            .toBuffer(),
        { vendor: 'ORCHARD GROCERS', amount: 31.75, date: '2026-04-11' },
      ],
      [
        'pixels turned 90° with no tag',
        () =>
          renderReceipt(
            { vendor: 'QUAYSIDE KITCHEN', date: '2026-07-02', total: '56.20' },
            { rotate: 90 },
          ),
        { vendor: 'QUAYSIDE KITCHEN', amount: 56.2, date: '2026-07-02' },
      ],
      [
        'pixels turned 270° with no tag',
        () =>
          renderReceipt(
            { vendor: 'SUMMIT OUTFITTERS', date: '2026-08-19', total: '89.99' },
            { rotate: 270 },
          ),
        { vendor: 'SUMMIT OUTFITTERS', amount: 89.99, date: '2026-08-19' },
      ],
      [
        'upside down (pixels turned 180° with no tag)',
        () =>
          renderReceipt(
            { vendor: 'HARBOUR LIGHT BISTRO', date: '2026-06-27', total: '63.10' },
            { rotate: 180 },
          ),
        { vendor: 'HARBOUR LIGHT BISTRO', amount: 63.1, date: '2026-06-27' },
      ],
      [
        'low contrast (faded print on gray paper)',
        () =>
          renderReceipt(
            { vendor: 'WILLOW TEA HOUSE', date: '2026-09-05', total: '14.60' },
            { lowContrast: true },
          ),
        { vendor: 'WILLOW TEA HOUSE', amount: 14.6, date: '2026-09-05' },
      ],
    ];

    it.each(cases)('%s', async (_, image, expected) => {
      const upload = await uploadReceipt(owner.token, await image(), { entity: 'Harbor Studio' });
      expect(upload.status).toBe(202);
      const done = await waitForReceipt(owner.token, upload.body.expense.id);
      expect(done).toMatchObject({
        status: 'ready',
        vendor: expected.vendor,
        amount: expected.amount,
        expense_date: expected.date,
      });
    });
  });

  it('marks a damaged image failed with a reason, keeps the image, and reads it again on retry', async () => {
    const image = await renderReceipt({
      vendor: 'CORNER MARKET',
      date: '2026-01-20',
      total: '9.99',
    });
    const truncated = image.subarray(0, Math.floor(image.length / 3));
    const upload = await uploadReceipt(owner.token, truncated, { entity: 'Harbor Studio' });
    expect(upload.status).toBe(202);
    const failed = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(failed.status).toBe('failed');
    expect(failed.processing_error).toMatch(/could not be opened/);
    const kept = await api(failed.image_url, { token: owner.token });
    expect(kept.status).toBe(200);

    const retry = await api(`/api/expenses/${failed.id}/reprocess`, {
      method: 'POST',
      token: owner.token,
    });
    expect(retry.status).toBe(202);
    expect(retry.body.expense.status).toBe('processing');
    const again = await waitForReceipt(owner.token, failed.id);
    expect(again.status).toBe('failed');
  });

  it("reads an ambiguous date in the user's locale, and again in the locale of a re-extract", async () => {
    // Nothing printed says which country: 03/04/2026 is 4 March in the US, 3 April in Germany.
    const image = await renderReceipt({
      vendor: 'CORNER DELI',
      date: '2026-03-04',
      printedDate: '03/04/2026',
      total: '12.40',
    });
    const upload = await uploadReceipt(owner.token, image, {
      entity: 'Harbor Studio',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(upload.status).toBe(202);
    const us = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(us).toMatchObject({ status: 'ready', expense_date: '2026-03-04', amount: 12.4 });

    const again = await api(`/api/expenses/${us.id}/reprocess`, {
      method: 'POST',
      token: owner.token,
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(again.status).toBe(202);
    const de = await waitForReceipt(owner.token, us.id);
    expect(de).toMatchObject({ status: 'ready', expense_date: '2026-04-03', amount: 12.4 });
  });

  it('ignores an Accept-Language that is not a locale instead of failing the upload', async () => {
    const image = await renderReceipt({
      vendor: 'CORNER DELI',
      date: '2026-04-03',
      printedDate: '03/04/2026',
      total: '7.80',
    });
    const upload = await uploadReceipt(owner.token, image, {
      entity: 'Harbor Studio',
      headers: { 'accept-language': `x-${'a'.repeat(200)};q=2, <script>, *` },
    });
    expect(upload.status).toBe(202);
    // No locale: the default, day first, as most of the world writes.
    const done = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(done).toMatchObject({ status: 'ready', expense_date: '2026-04-03', amount: 7.8 });
  });

  it("reads a receipt that comes without a locale in the account's stored one", async () => {
    // Mailed receipts never carry one: the locale stored at the first signed-in visit stands in.
    const american = await createTestAccount('receipts-locale');
    const stored = await api('/api/user/currency', {
      method: 'PUT',
      token: american.token,
      body: { home_currency: 'USD', locale: 'en-US', only_if_unset: true },
    });
    expect(stored.body.locale).toBe('en-US');
    const image = await renderReceipt({
      vendor: 'CORNER DELI',
      date: '2026-03-04',
      printedDate: '03/04/2026',
      total: '9.15',
    });
    await api('/api/entities', { token: american.token, body: { name: 'Personal' } });
    const upload = await uploadReceipt(american.token, image, { entity: 'Personal' });
    expect(upload.status).toBe(202);
    const done = await waitForReceipt(american.token, upload.body.expense.id);
    // Without the stored locale this reads day first, as the test above shows.
    expect(done).toMatchObject({ status: 'ready', expense_date: '2026-03-04', amount: 9.15 });
  });

  it('reads an iPhone HEIC photo, stored and served as it was uploaded', async () => {
    const heic = await renderReceipt(
      { vendor: 'ORCHARD PHARMACY', date: '2026-04-09', total: '27.35' },
      { format: 'heic' },
    );
    const upload = await uploadReceipt(owner.token, heic, {
      entity: 'Harbor Studio',
      filename: 'IMG_0412.HEIC',
      type: 'image/heic',
    });
    expect(upload.status).toBe(202);
    const done = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(done).toMatchObject({
      status: 'ready',
      vendor: 'ORCHARD PHARMACY',
      amount: 27.35,
      expense_date: '2026-04-09',
    });
    const own = await fetch(`${process.env.SNAPTRACK_BASE_URL}${done.image_url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.headers.get('content-type')).toBe('image/heic');
    expect(Buffer.from(await own.arrayBuffer()).equals(heic)).toBe(true);
  });

  it('fails a damaged HEIC with a reason (its decoder runs in a worker thread)', async () => {
    // ftyp heic + junk: the container says HEIC, the HEVC stream is not there.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const heic = Buffer.concat([ftyp, Buffer.from('not a HEVC image '.repeat(40))]);
    const upload = await uploadReceipt(owner.token, heic, {
      entity: 'Harbor Studio',
      filename: 'IMG_0001.HEIC',
      type: 'image/heic',
    });
    expect(upload.status).toBe(202);
    const failed = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(failed).toMatchObject({
      status: 'failed',
      processing_error:
        'The image could not be opened; it may be damaged or incomplete. Please upload it again.',
    });
  });

  describe('refuses bad uploads with a clear message and writes nothing', () => {
    const cases: [
      string,
      () => Promise<{ status: number; body: { error: { message: string } } }>,
      number,
      string,
    ][] = [
      [
        'a text file named .jpg',
        () =>
          uploadReceipt(owner.token, Buffer.from('just some text, not an image\n'), {
            entity: 'Harbor Studio',
          }),
        400,
        UploadMessages.notImage,
      ],
      [
        'zero bytes',
        () => uploadReceipt(owner.token, Buffer.alloc(0), { entity: 'Harbor Studio' }),
        400,
        UploadMessages.notImage,
      ],
      [
        '21 MB',
        () => {
          const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
          big.set([0xff, 0xd8, 0xff, 0xe0], 0);
          return uploadReceipt(owner.token, big, { entity: 'Harbor Studio' });
        },
        413,
        UploadMessages.tooLarge,
      ],
      [
        'no entity',
        async () => uploadReceipt(owner.token, await renderReceipt(sample)),
        400,
        UploadMessages.selectEntity,
      ],
      [
        'an entity the user does not have',
        async () => uploadReceipt(owner.token, await renderReceipt(sample), { entity: 'Nope Ltd' }),
        400,
        "There is no entity named 'Nope Ltd'. Add it in Settings first.",
      ],
    ];
    const sample = { vendor: 'SAMPLE SHOP', date: '2026-01-02', total: '1.00' };

    it.each(cases)('%s', async (_, upload, status, message) => {
      const expensesBefore = await expenseCount(owner.id);
      const filesBefore = await storedFiles(owner.id);
      const { status: got, body } = await upload();
      expect(got).toBe(status);
      expect(body.error.message).toBe(message);
      expect(await expenseCount(owner.id)).toBe(expensesBefore);
      expect(await storedFiles(owner.id)).toEqual(filesBefore);
    });
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${process.env.SNAPTRACK_BASE_URL}/api/parse`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(response.status).toBe(401);
  });
});

describe('PDF receipts', () => {
  async function readingMethod(expenseId: string): Promise<string[]> {
    return withDatabase(async (client) => {
      const { rows } = await client.query(
        `SELECT "method" FROM "ocr"."readings" WHERE "expense_id" = $1`,
        [expenseId],
      );
      return rows.map((row: { method: string }) => row.method);
    });
  }

  async function uploadPdf(pdf: Buffer) {
    const upload = await uploadReceipt(owner.token, pdf, {
      entity: 'Harbor Studio',
      filename: 'receipt.pdf',
      type: 'application/pdf',
    });
    expect(upload.status).toBe(202);
    return upload.body.expense as { id: string };
  }

  it('reads an e-receipt PDF from its text layer', async () => {
    const pdf = await renderReceiptPdf(
      { vendor: 'LANTERN BOOKS', date: '2026-05-09', total: '27.35' },
      'text',
    );
    const created = await uploadPdf(pdf);
    const done = await waitForReceipt(owner.token, created.id);
    expect(done).toMatchObject({
      status: 'ready',
      vendor: 'LANTERN BOOKS',
      amount: 27.35,
      expense_date: '2026-05-09',
      processing_error: null,
    });
    expect(done.raw_ocr_text).toContain('27.35');
    expect(await readingMethod(created.id)).toEqual(['pdf-text']);
    const own = await fetch(`${process.env.SNAPTRACK_BASE_URL}${done.image_url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('renders and OCRs a scanned PDF that has no text layer', async () => {
    const created = await uploadPdf(
      await renderReceiptPdf(
        { vendor: 'MAPLE PHARMACY', date: '2026-06-21', total: '15.80' },
        'image',
      ),
    );
    const done = await waitForReceipt(owner.token, created.id);
    expect(done).toMatchObject({ status: 'ready', amount: 15.8, expense_date: '2026-06-21' });
    expect(done.vendor).toBe('MAPLE PHARMACY');
    const [method] = await readingMethod(created.id);
    expect(method).toMatch(/^pdf\+/);
  });

  it('fails a PDF with no text and no image, says why, and keeps the file', async () => {
    const created = await uploadPdf(
      await renderReceiptPdf({ vendor: 'X', date: '2026-01-01', total: '1.00' }, 'empty'),
    );
    const done = await waitForReceipt(owner.token, created.id);
    expect(done).toMatchObject({
      status: 'failed',
      processing_error:
        'This PDF has no text or image to read. Please upload a photo or screenshot of the receipt.',
    });
    expect((await api(done.image_url, { token: owner.token })).status).toBe(200);
  });
});
