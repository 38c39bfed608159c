import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  OcrPatterns,
  type CreateReceiptExpenseRequest,
  type ProcessReceiptJob,
  type ReceiptFields,
  type ReceiptFingerprint,
  type ReceiptProcessedEvent,
} from '@snaptrack/contracts';
import { IMAGE_HASH_MAX_DISTANCE } from '../../src/expenses/duplicate-rules.js';
import { mediumServices, messageContext, newAccount, outboxEvents } from './expenses-services.js';

// The duplicate rules on a real Postgres (docs/api.md, Duplicates): a receipt whose reading
// matches an earlier one of the same account, by image hash, text hash, or vendor + amount +
// date ± 1 day, is flagged; Keep both clears the flag for good. The hashes themselves are
// ocr-service's (fingerprint/receipt-fingerprint.spec.ts).

const medium = mediumServices();

const HASH = '9f3a5c7e1b2d4f60';

/** `hex` with its lowest `bits` bits flipped. */
function flip(hex: string, bits: number): string {
  let value = BigInt(`0x${hex}`);
  for (let bit = 0; bit < bits; bit += 1) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

/** Four rotation hashes, the upright one first; the others unlike anything here. */
function hashes(upright: string): string[] {
  return [upright, '0000000000000000', 'ffffffffffffffff', '00000000ffffffff'];
}

interface Receipt {
  fields?: Partial<ReceiptFields> | null;
  fingerprint?: ReceiptFingerprint | null;
  email?: boolean;
}

/** Uploads (or mails) a receipt and applies its reading; the expense as it then is. */
async function receive(userId: string, receipt: Receipt) {
  const request = {
    entity: 'Personal',
    storage_key: `receipts/${userId}/${randomUUID()}.${receipt.email ? 'txt' : 'jpg'}`,
    content_type: receipt.email ? 'text/plain' : 'image/jpeg',
    content_sha256: randomUUID().replace(/-/g, ''),
    size_bytes: 1000,
    ...(receipt.email
      ? {
          email: {
            mail_id: randomUUID(),
            subject: 'Your receipt',
            from: null,
            sent_at: '2026-03-03T10:00:00.000Z',
            raw_mail_bytes: 0,
          },
        }
      : {}),
  } as CreateReceiptExpenseRequest;
  const { expense } = await medium.services.receipts.create(userId, request, messageContext());
  await read(expense.id, receipt);
  return expense.id;
}

async function read(expenseId: string, receipt: Receipt) {
  const events = (await outboxEvents(medium.db.dataSource, OcrPatterns.process)) as {
    data: ProcessReceiptJob;
  }[];
  const job = events
    .map((event) => event.data)
    .filter((j) => j.expense_id === expenseId)
    .at(-1)!;
  const fields = receipt.fields === undefined ? {} : receipt.fields;
  const event: ReceiptProcessedEvent = {
    job_id: job.job_id,
    expense_id: expenseId,
    user_id: job.user_id,
    status: fields ? 'ready' : 'failed',
    fields: fields && {
      vendor: 'Corner Bakery',
      amount: 12.5,
      currency: 'EUR',
      expense_date: '2026-03-03',
      confidence: 0.9,
      ...fields,
    },
    raw_text: 'TEXT',
    error: fields ? null : 'No total found.',
    method: 'tesseract',
    fingerprint: receipt.fingerprint ?? null,
  };
  await medium.services.receipts.applyResult(event, randomUUID());
}

async function duplicateOf(userId: string, id: string) {
  return (await medium.services.expenses.get(userId, id)).duplicate_of;
}

describe('by image', () => {
  it(`flags a picture within ${IMAGE_HASH_MAX_DISTANCE} bits, whatever vendor was read`, async () => {
    const userId = await newAccount(medium.db.dataSource);
    const first = await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
    const copy = await receive(userId, {
      fields: { vendor: 'C0rner Bakerv' },
      fingerprint: { image_hashes: hashes(flip(HASH, IMAGE_HASH_MAX_DISTANCE)) },
    });
    const unread = await receive(userId, {
      fields: null,
      fingerprint: { image_hashes: hashes(flip(HASH, 2)) },
    });
    expect(await duplicateOf(userId, copy)).toBe(first);
    expect(await duplicateOf(userId, unread)).toBe(first);
    expect(await duplicateOf(userId, first)).toBeNull();
  });

  it.each([
    ['another amount', { amount: 31.4 }],
    ['a date two days later', { expense_date: '2026-03-05' }],
  ])(
    'does not flag a close picture read with %s (one template, two purchases)',
    async (_c, fields) => {
      const userId = await newAccount(medium.db.dataSource);
      await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
      const other = await receive(userId, {
        fields,
        fingerprint: { image_hashes: hashes(flip(HASH, 2)) },
      });
      expect(await duplicateOf(userId, other)).toBeNull();
    },
  );

  it('matches a turned copy by any of its four hashes', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const first = await receive(userId, {
      fields: null,
      fingerprint: { image_hashes: hashes(HASH) },
    });
    const turned = await receive(userId, {
      fields: null,
      fingerprint: {
        image_hashes: ['0123456789abcdef', 'fedcba9876543210', flip(HASH, 3), '1111111111111111'],
      },
    });
    expect(await duplicateOf(userId, turned)).toBe(first);
  });

  it(`does not flag a picture ${IMAGE_HASH_MAX_DISTANCE + 1} bits away`, async () => {
    const userId = await newAccount(medium.db.dataSource);
    await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
    const other = await receive(userId, {
      fields: { vendor: 'Harbour Fish' },
      fingerprint: { image_hashes: hashes(flip(HASH, IMAGE_HASH_MAX_DISTANCE + 1)) },
    });
    expect(await duplicateOf(userId, other)).toBeNull();
  });

  it("never matches another account's receipt", async () => {
    const someone = await newAccount(medium.db.dataSource);
    await receive(someone, { fingerprint: { image_hashes: hashes(HASH) } });
    const userId = await newAccount(medium.db.dataSource);
    const mine = await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
    expect(await duplicateOf(userId, mine)).toBeNull();
  });
});

/** The flag as the API shows it: what it points at and why. */
async function flag(userId: string, id: string) {
  const expense = await medium.services.expenses.get(userId, id);
  return { of: expense.duplicate_of, reason: expense.duplicate_reason };
}

describe('by the receipt region', () => {
  it('flags a cropped copy whose whole picture moved too far but whose region did not', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const REGION = '5a5a3c3c0f0f9999';
    const first = await receive(userId, {
      fingerprint: { image_hashes: hashes(HASH), region_hashes: hashes(REGION) },
    });
    const cropped = await receive(userId, {
      fingerprint: {
        image_hashes: hashes(flip(HASH, IMAGE_HASH_MAX_DISTANCE + 6)),
        region_hashes: hashes(flip(REGION, 3)),
      },
    });
    expect(await flag(userId, cropped)).toEqual({ of: first, reason: 'image' });
  });

  it('does not flag a region match read with another amount (two purchases)', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const REGION = '5a5a3c3c0f0f9999';
    await receive(userId, {
      fingerprint: { image_hashes: hashes(HASH), region_hashes: hashes(REGION) },
    });
    const other = await receive(userId, {
      fields: { amount: 40.1 },
      fingerprint: {
        image_hashes: hashes(flip(HASH, IMAGE_HASH_MAX_DISTANCE + 6)),
        region_hashes: hashes(REGION),
      },
    });
    expect(await flag(userId, other)).toEqual({ of: null, reason: null });
  });
});

describe('the reason of a flag', () => {
  it('says the same picture, the same text or the same vendor, amount and date', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const photo = await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
    const copy = await receive(userId, { fingerprint: { image_hashes: hashes(flip(HASH, 1)) } });
    expect(await flag(userId, copy)).toEqual({ of: photo, reason: 'image' });

    const other = await newAccount(medium.db.dataSource);
    const mailed = await receive(other, {
      email: true,
      fields: null,
      fingerprint: { text_hash: 'b'.repeat(64) },
    });
    const again = await receive(other, {
      email: true,
      fields: null,
      fingerprint: { text_hash: 'b'.repeat(64) },
    });
    expect(await flag(other, again)).toEqual({ of: mailed, reason: 'text' });

    const third = await newAccount(medium.db.dataSource);
    const original = await receive(third, { fields: { vendor: 'CORNER BAKERY #12' } });
    const retyped = await receive(third, { email: true, fields: { vendor: 'Corner Bakery' } });
    expect(await flag(third, retyped)).toEqual({ of: original, reason: 'details' });
  });

  it('says the same file for the same bytes, and is gone after Keep both', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const request = {
      entity: 'Personal',
      storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
      content_type: 'image/jpeg',
      content_sha256: 'c'.repeat(64),
      size_bytes: 1000,
    } as CreateReceiptExpenseRequest;
    const { expense: first } = await medium.services.receipts.create(
      userId,
      request,
      messageContext(),
    );
    const { expense: second } = await medium.services.receipts.create(
      userId,
      { ...request, storage_key: `receipts/${userId}/${randomUUID()}.jpg` },
      messageContext(),
    );
    expect(await flag(userId, second.id)).toEqual({ of: first.id, reason: 'file' });
    const kept = await medium.services.expenses.keepBoth(userId, second.id);
    expect({ of: kept.duplicate_of, reason: kept.duplicate_reason }).toEqual({
      of: null,
      reason: null,
    });
  });
});

describe('by details', () => {
  it('flags the same vendor (written differently) and amount a day apart', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const photo = await receive(userId, { fields: { vendor: 'CORNER BAKERY #12' } });
    const mailed = await receive(userId, {
      email: true,
      fields: { vendor: 'Corner Bakery', expense_date: '2026-03-04' },
    });
    expect(await duplicateOf(userId, mailed)).toBe(photo);
  });

  it.each([
    ['two days apart', { expense_date: '2026-03-05' }],
    ['a cent more', { amount: 12.51 }],
    ['another currency', { currency: 'USD' }],
    ['another vendor', { vendor: 'Harbour Fish' }],
  ])('does not flag a receipt %s', async (_case, fields) => {
    const userId = await newAccount(medium.db.dataSource);
    await receive(userId, {});
    const other = await receive(userId, { fields });
    expect(await duplicateOf(userId, other)).toBeNull();
  });

  it('does not match on an amount nobody read', async () => {
    const userId = await newAccount(medium.db.dataSource);
    await receive(userId, { fields: null });
    const other = await receive(userId, { fields: null });
    expect(await duplicateOf(userId, other)).toBeNull();
  });

  it('flags the later receipt when the earlier one is read last', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const request = {
      entity: 'Personal',
      storage_key: `receipts/${userId}/${randomUUID()}.jpg`,
      content_type: 'image/jpeg',
      content_sha256: randomUUID().replace(/-/g, ''),
      size_bytes: 1000,
    } as CreateReceiptExpenseRequest;
    const { expense: earlier } = await medium.services.receipts.create(
      userId,
      request,
      messageContext(),
    );
    const later = await receive(userId, {});
    expect(await duplicateOf(userId, later)).toBeNull();
    await read(earlier.id, {});
    expect(await duplicateOf(userId, later)).toBe(earlier.id);
    expect(await duplicateOf(userId, earlier.id)).toBeNull();
  });
});

describe('by e-mailed text', () => {
  it('flags the same text receipt mailed twice', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const textHash = 'a'.repeat(64);
    const first = await receive(userId, {
      email: true,
      fields: null,
      fingerprint: { text_hash: textHash },
    });
    const again = await receive(userId, {
      email: true,
      fields: null,
      fingerprint: { text_hash: textHash },
    });
    expect(await duplicateOf(userId, again)).toBe(first);
  });
});

describe('Keep both', () => {
  it('clears the flag, keeps both, and a new reading does not flag it again', async () => {
    const userId = await newAccount(medium.db.dataSource);
    const first = await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
    const copy = await receive(userId, { fingerprint: { image_hashes: hashes(HASH) } });
    expect(await duplicateOf(userId, copy)).toBe(first);

    const kept = await medium.services.expenses.keepBoth(userId, copy);
    expect(kept.duplicate_of).toBeNull();
    await medium.services.receipts.reprocess(userId, copy, messageContext());
    await read(copy, { fingerprint: { image_hashes: hashes(HASH) } });
    expect(await duplicateOf(userId, copy)).toBeNull();
    expect((await medium.services.expenses.list(userId, {})).pagination.total_count).toBe(2);
  });

  it("is refused for another account's expense", async () => {
    const userId = await newAccount(medium.db.dataSource);
    const mine = await receive(userId, {});
    const someone = await newAccount(medium.db.dataSource);
    await expect(medium.services.expenses.keepBoth(someone, mine)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
