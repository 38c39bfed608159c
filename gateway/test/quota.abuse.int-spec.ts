import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
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

/**
 * The per-user quotas, played by a paying account that pushes them: uploads per hour, stored
 * receipt bytes and receipt PDFs at once. Each answers clearly (429 with Retry-After, 413) and
 * stores nothing. expenses-service runs with lowered quotas for this file only (the defaults,
 * 200 an hour and 5 GB, are out of a test's reach), then gets its own environment back.
 */
const UPLOADS_PER_HOUR = 3;

let receipt: Buffer;
let tiny: Buffer;
let storageLimit: number;

async function storedFiles(userId: string): Promise<string[]> {
  return readdir(path.join(stack.storageRoot, 'receipts', userId)).then(
    (names) => names.filter((name) => !name.endsWith('.meta.json')),
    () => [],
  );
}

async function expenseCount(userId: string): Promise<number> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "expenses"."expenses" WHERE "user_id" = $1`,
      [userId],
    );
    return rows[0].n;
  });
}

beforeAll(async () => {
  receipt = await renderReceipt({
    vendor: 'QUOTA HARDWARE',
    date: '2026-05-06',
    total: '18.90',
    items: [['Screws', '18.90']],
  });
  tiny = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 250, g: 250, b: 250 } },
  })
    .jpeg()
    .toBuffer();
  // Room for one receipt and the tiny ones, not for two receipts.
  storageLimit = Math.floor(receipt.length * 1.5);
  await stack.restart('expenses', {
    UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR),
    STORAGE_BYTES_PER_USER: String(storageLimit),
  });
});

afterAll(async () => {
  await stack.restart('expenses');
});

describe('quota: uploads per hour', () => {
  it('answers 429 with Retry-After once the hour is used up, and stores nothing', async () => {
    const account = await createTestAccount('upload-flood');
    for (let index = 0; index < UPLOADS_PER_HOUR; index += 1) {
      const upload = await uploadReceipt(account.token, tiny, { entity: 'Personal' });
      expect(upload.status).toBe(202);
    }
    const files = await storedFiles(account.id);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await uploadReceipt(account.token, tiny, { entity: 'Personal' });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(refused.body.error.message).toBe(
        `You have uploaded ${UPLOADS_PER_HOUR} receipts in the last hour, the most allowed. Please try again later.`,
      );
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await expenseCount(account.id)).toBe(UPLOADS_PER_HOUR);
    expect(await storedFiles(account.id)).toEqual(files);
  });
});

// How re-extractions share the hour with uploads, and that a deleted receipt frees its bytes,
// are expenses-service's rules: apps/expenses-service/test/medium/receipts.medium-spec.ts.
describe('quota: stored receipt bytes and PDF jobs at once', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount('storage-full');
    const first = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
    expect(first.status).toBe(202);
    await waitForReceipt(account.token, first.body.expense.id as string);
  });

  it('refuses a receipt that would overfill the storage with 413, and keeps nothing of it', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
      expect(refused.status).toBe(413);
      expect(refused.body.error.code).toBe('STORAGE_QUOTA_EXCEEDED');
      expect(refused.body.error.message).toMatch(
        /^Your receipt storage is full \(.+\)\. Delete some receipts to add more\.$/,
      );
    }
    expect(await expenseCount(account.id)).toBe(1);
    expect(await storedFiles(account.id)).toHaveLength(1);
  });

  it('answers 429 with Retry-After while two receipt PDFs are being made', async () => {
    // Two jobs in the making, as export-service records them while it works.
    const jobs = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO "export"."pdf_jobs" ("id", "user_id", "status", "filters", "expense_count", "expires_at")
         SELECT gen_random_uuid(), $1, 'processing', '{}', 1, now() + interval '1 day'
         FROM generate_series(1, 2) RETURNING "id"`,
        [account.id],
      );
      return rows.map((row) => row.id);
    });
    const refused = await api('/api/export/pdf', { token: account.token, body: { filters: {} } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You already have 2 receipt PDFs being made. Please wait for one to finish.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const open = await withDatabase(
      async (client) =>
        (
          await client.query<{ n: number }>(
            `SELECT count(*)::int AS "n" FROM "export"."pdf_jobs" WHERE "user_id" = $1`,
            [account.id],
          )
        ).rows[0]?.n,
    );
    expect(open).toBe(2);

    await withDatabase((client) =>
      client.query(`UPDATE "export"."pdf_jobs" SET "status" = 'failed' WHERE "id" = ANY($1)`, [
        jobs,
      ]),
    );
    const accepted = await api('/api/export/pdf', { token: account.token, body: { filters: {} } });
    expect(accepted.status).toBe(202);
  });
});
