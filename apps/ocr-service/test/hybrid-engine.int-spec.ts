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
