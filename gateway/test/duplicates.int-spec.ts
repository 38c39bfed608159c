import { beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import {
  api,
  createTestAccount,
  renderReceipt,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';

// Duplicates across channels through the real stack (docs/api.md, Duplicates): ocr-service
// fingerprints the receipt it reads, expenses-service matches it against the account's earlier
// receipts. Here: a second photo of the same receipt, turned 90° and re-encoded, is flagged;
// Keep both clears the flag and keeps both; nothing is deleted by the flag.

let owner: TestAccount;

beforeAll(async () => {
  owner = await createTestAccount('duplicates');
});

async function uploaded(
  token: string,
  image: Buffer,
): Promise<{ id: string; duplicate_of: string | null }> {
  const upload = await uploadReceipt(token, image, { entity: 'Personal' });
  expect(upload.body).toMatchObject({ success: true });
  expect(upload.status).toBe(202);
  const expense = (await waitForReceipt(token, upload.body.expense.id)) as {
    id: string;
    duplicate_of: string | null;
  };
  return expense;
}

describe('a second photo of the same receipt', () => {
  it('is flagged as a possible duplicate of the first, and Keep both keeps both', async () => {
    const photo = await renderReceipt({
      vendor: 'MOSSY STONE BAKERY',
      date: '2026-04-09',
      total: '23.80',
      items: [
        ['Sourdough loaf', '6.80'],
        ['Seeded rolls', '17.00'],
      ],
    });
    const first = await uploaded(owner.token, photo);
    expect(first.duplicate_of).toBeNull();

    // Another file (other bytes, so not the byte-identical rule): turned and re-encoded.
    const copy = await sharp(photo)
      .rotate(90)
      .resize({ width: 700 })
      .jpeg({ quality: 70 })
      .toBuffer();
    const second = await uploaded(owner.token, copy);
    expect(second.duplicate_of).toBe(first.id);

    const kept = await api(`/api/expenses/${second.id}/keep-both`, {
      method: 'POST',
      token: owner.token,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.expense).toMatchObject({ id: second.id, duplicate_of: null });

    const list = await api('/api/expenses?limit=100', { token: owner.token });
    const ids = (list.body.expenses as { id: string }[]).map((expense) => expense.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('answers 404 to Keep both on an expense that is not yours', async () => {
    const stranger = await createTestAccount('duplicates-other');
    const photo = await renderReceipt({
      vendor: 'QUIET LANTERN TEA',
      date: '2026-04-10',
      total: '9.40',
      items: [['Oolong pot', '9.40']],
    });
    const mine = await uploaded(owner.token, photo);
    const theirs = await api(`/api/expenses/${mine.id}/keep-both`, {
      method: 'POST',
      token: stranger.token,
    });
    expect(theirs.status).toBe(404);
  });
});
