import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  uploadReceipt,
  waitUntil,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';

const entity = 'Personal';
let account: TestAccount;

beforeAll(async () => {
  account = await createTestAccount('receipt-storage');
  await api('/api/entities', { token: account.token, body: { name: entity } });
});

/** Every receipt object stored for a user (the fs driver of the test stack). */
async function storedFiles(userId: string): Promise<string[]> {
  return readdir(path.join(stack.storageRoot, 'receipts', userId)).then(
    (names) => names.filter((name) => !name.endsWith('.meta.json')).sort(),
    () => [],
  );
}

async function imageKeyOf(expenseId: string): Promise<string> {
  const rows = await withDatabase(
    async (client) =>
      (
        await client.query(`SELECT "image_key" FROM "expenses"."expenses" WHERE "id" = $1`, [
          expenseId,
        ])
      ).rows as { image_key: string }[],
  );
  return rows[0].image_key;
}

describe('receipt objects when the expense answer is uncertain', () => {
  it('keeps the image after a timeout; the retry answers with that expense and its image', async () => {
    const owner = await createTestAccount('upload-timeout');
    await withDatabase((client) =>
      client.query(
        `INSERT INTO "expenses"."user_versions" ("user_id") VALUES ($1) ON CONFLICT DO NOTHING`,
        [owner.id],
      ),
    );
    const image = await renderReceipt({ vendor: 'SLOW LANE', date: '2026-04-08', total: '6.40' });
    const key = randomUUID();

    // Every write of a user's expenses first locks the user's version row: holding it makes
    // expenses-service commit the upload's expense only after the gateway gave up waiting.
    const timedOut = await withDatabase(async (client) => {
      await client.query('BEGIN');
      await client.query(
        `SELECT 1 FROM "expenses"."user_versions" WHERE "user_id" = $1 FOR UPDATE`,
        [owner.id],
      );
      try {
        return await uploadReceipt(owner.token, image, { entity, idempotencyKey: key });
      } finally {
        await client.query('COMMIT');
      }
    });
    expect(timedOut.status).toBe(503);
    expect(await storedFiles(owner.id)).toHaveLength(1);

    const retry = await uploadReceipt(owner.token, image, { entity, idempotencyKey: key });
    expect(retry.status).toBe(202);
    const served = await api(`/api/expenses/${retry.body.expense.id}/image`, {
      token: owner.token,
    });
    expect(served.status).toBe(200);
    // The retry's own copy is dropped: the first upload's object is the expense's image.
    expect(await storedFiles(owner.id)).toEqual([
      path.basename(await imageKeyOf(retry.body.expense.id)),
    ]);
  }, 60_000);

  it('deletes the stored image when expenses refuses the upload for good', async () => {
    const before = await storedFiles(account.id);
    const image = await renderReceipt({ vendor: 'NOWHERE', date: '2026-04-09', total: '1.00' });

    const refused = await uploadReceipt(account.token, image, { entity: 'No Such Entity' });

    expect(refused.status).toBe(400);
    expect(await storedFiles(account.id)).toEqual(before);
  });
});

describe('deleting an expense', () => {
  it('deletes its receipt object from storage', async () => {
    const image = await renderReceipt({ vendor: 'GONE SOON', date: '2026-04-10', total: '3.30' });
    const upload = await uploadReceipt(account.token, image, { entity });
    expect(upload.status).toBe(202);
    const id = upload.body.expense.id as string;
    const file = path.join(stack.storageRoot, await imageKeyOf(id));
    expect(await storedFiles(account.id)).toContain(path.basename(file));

    const removed = await api(`/api/expenses/${id}`, { method: 'DELETE', token: account.token });

    expect(removed.status).toBe(200);
    expect(await storedFiles(account.id)).not.toContain(path.basename(file));
  });
});

describe('the orphan sweeper of expenses-service', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  beforeAll(async () => {
    await stack.restart('expenses', {
      ORPHAN_SWEEP_GRACE_MINUTES: '1',
      ORPHAN_SWEEP_INTERVAL_SECONDS: '1',
    });
  });

  afterAll(async () => {
    await stack.restart('expenses');
  });

  it('deletes only objects that no expense points to and that are older than the grace', async () => {
    const owner = await createTestAccount('orphan-sweep');
    await api('/api/entities', { token: owner.token, body: { name: entity } });
    const image = await renderReceipt({ vendor: 'KEPT', date: '2026-04-11', total: '2.20' });
    const upload = await uploadReceipt(owner.token, image, { entity });
    expect(upload.status).toBe(202);
    const referenced = path.join(stack.storageRoot, await imageKeyOf(upload.body.expense.id));
    const folder = path.join(stack.storageRoot, 'receipts', owner.id);
    await mkdir(folder, { recursive: true });
    const oldOrphan = path.join(folder, `${randomUUID()}.jpg`);
    const youngOrphan = path.join(folder, `${randomUUID()}.jpg`);
    for (const file of [oldOrphan, youngOrphan]) await writeFile(file, image);
    await utimes(oldOrphan, hoursAgo(2), hoursAgo(2));
    await utimes(referenced, hoursAgo(2), hoursAgo(2));

    await waitUntil(async () => !(await storedFiles(owner.id)).includes(path.basename(oldOrphan)), {
      what: 'the old orphan to be swept',
    });
    // Several more passes: the others stay.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await storedFiles(owner.id)).toEqual(
      [path.basename(referenced), path.basename(youngOrphan)].sort(),
    );
    const served = await api(`/api/expenses/${upload.body.expense.id}/image`, {
      token: owner.token,
    });
    expect(served.status).toBe(200);
  }, 90_000);
});
