import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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

// The other receipt tests run the light tesseract engine; this one runs the product's default,
// PaddleOCR in its own child process plus tesseract.js for the header, with the real models.
let owner: TestAccount;

beforeAll(async () => {
  await stack.restart('ocr', { OCR_ENGINE: 'hybrid' });
  owner = await createTestAccount('hybrid');
  await api('/api/entities', { token: owner.token, body: { name: 'Field Work' } });
});

afterAll(async () => {
  await stack.restart('ocr');
});

describe('the hybrid engine (the default) in the running stack', () => {
  it('reads vendor, total and date of a receipt photo', async () => {
    const image = await renderReceipt({
      vendor: 'SUMMIT OUTDOOR SUPPLY',
      date: '2026-05-21',
      total: '86.45',
      items: [
        ['Trail map', '12.95'],
        ['Headlamp', '73.50'],
      ],
    });
    const upload = await uploadReceipt(owner.token, image, { entity: 'Field Work' });
    expect(upload.status).toBe(202);
    const done = await waitForReceipt(owner.token, upload.body.expense.id);
    expect(done).toMatchObject({
      status: 'ready',
      vendor: 'SUMMIT OUTDOOR SUPPLY',
      amount: 86.45,
      expense_date: '2026-05-21',
    });
    const methods = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `SELECT "method" FROM "ocr"."readings" WHERE "expense_id" = $1`,
        [upload.body.expense.id],
      );
      return rows.map((row: { method: string }) => row.method);
    });
    expect(methods).toEqual(['hybrid']);
  });
});

/**
 * Real receipts, read in place from ../shared/bench/real-receipts (CI has it; nothing of it is
 * copied here): phone photos of four countries. The rows are rebuilt from the engine's boxes
 * (ocr/layout.ts), so a label at the left and its amount at the right of one printed row come out
 * as one text row, item, quantity and price columns too; the amount paid and its currency follow
 * each country's convention (decimal comma, no minor units).
 */
const REAL_RECEIPTS =
  process.env.REAL_RECEIPTS_DIR ??
  path.resolve(import.meta.dirname, '../../../../shared/bench/real-receipts');
/** A clone without the folder beside it skips these, saying so, rather than failing on ENOENT. */
const realReceiptsHere = existsSync(path.join(REAL_RECEIPTS, 'img'));
if (!realReceiptsHere) {
  console.warn(`real receipts skipped: no ${REAL_RECEIPTS} (set REAL_RECEIPTS_DIR)`);
}

const realReceipts = [
  {
    id: 'us-walmart-sacramento',
    amount: 16.04,
    currency: 'USD',
    rows: ['SUBTOTAL 14.89', 'TOTAL 16.04', 'CASH TEND 20.04', 'CHANGE DUE 4.00'],
  },
  {
    id: 'de-rewe-duesseldorf',
    amount: 0.99,
    currency: 'EUR',
    expense_date: '2014-12-04',
    // The tax table's row: rate, net, tax and gross in four columns.
    rows: ['SUMME EUR 0,99', 'Gesamtbetrag 0,93 0,06 0,99'],
  },
  {
    id: 'vn-joma-hanoi',
    amount: 305000,
    currency: 'VND',
    expense_date: '2020-08-16',
    rows: ['2 Lemon Iced Tea 1 45,000', 'GROSS TOTAL 305,000', 'TOTAL 305,000'],
  },
  {
    id: 'ca-superstore-edmonton',
    amount: 81.37,
    currency: 'CAD',
    rows: ['2116220 FZN SILKIE MRJ 13.02', 'SUBTOTAL 81.37', 'TOTAL 81.37'],
  },
] as const;

(realReceiptsHere ? describe : describe.skip)('real receipts through the hybrid engine', () => {
  it.each(realReceipts)('$id: rows from the boxes, the amount paid', async (receipt) => {
    const image = await readFile(path.join(REAL_RECEIPTS, 'img', `${receipt.id}.jpg`));
    const upload = await uploadReceipt(owner.token, image, {
      entity: 'Field Work',
      filename: `${receipt.id}.jpg`,
    });
    expect(upload.status).toBe(202);

    const done = await waitForReceipt(owner.token, upload.body.expense.id);

    const rows = (done.raw_ocr_text as string).split('\n');
    expect(rows).toEqual(expect.arrayContaining([...receipt.rows]));
    expect(done).toMatchObject({
      status: 'ready',
      amount: receipt.amount,
      currency: receipt.currency,
      ...('expense_date' in receipt ? { expense_date: receipt.expense_date } : {}),
    });
    expect(done.field_evidence.currency.flag).toBeUndefined();
  });
});
