import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BusClient } from '@snaptrack/nest-rmq';
import {
  api,
  createTestAccount,
  renderReceipt,
  seedExpenses,
  stack,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';

/**
 * The attacker owns the mail parser: it runs code as mail-ingest-service, with its RabbitMQ
 * user (the run's own; the admin user where the stack has no per-process users). It wants
 * another user's receipt image: it asks expenses-service for an expense of its own account made
 * of the victim's stored file, as mail-ingest asks for a mailed receipt, then fetches that
 * expense's image through the gateway like any signed-in user. expenses-service must refuse
 * every key outside `receipts/<the message's user>/`, and the image route must never serve
 * the victim's bytes to anyone else.
 */
const busUrls = JSON.parse(process.env.SNAPTRACK_BUS_URLS || '{}') as Record<string, string>;
const mailIngestUrl = busUrls['mail-ingest'] ?? process.env.SNAPTRACK_RABBITMQ_URL!;
const prefix = process.env.SNAPTRACK_RMQ_PREFIX!;

let attacker: TestAccount;
let victim: TestAccount;
let victimKey: string;
let victimBytes: Buffer;
let bus: BusClient;

beforeAll(async () => {
  [attacker, victim] = await Promise.all([
    createTestAccount('storage-attacker'),
    createTestAccount('storage-victim'),
  ]);
  // The victim's receipt as the gateway stores an upload (the stack's fs driver).
  victimBytes = await renderReceipt({ vendor: 'PRIVATE CLINIC', date: '2026-05-02', total: '90' });
  victimKey = `receipts/${victim.id}/${randomUUID()}.jpg`;
  const file = path.join(stack.storageRoot, ...victimKey.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, victimBytes);
  bus = new BusClient({ url: mailIngestUrl, prefix, timeoutMs: 8_000 });
});

afterAll(async () => {
  await bus.close();
});

/** What mail-ingest sends for a mailed receipt, with the file of the attacker's choosing. */
function mailedReceipt(storageKey: string) {
  return {
    entity: 'Personal',
    storage_key: storageKey,
    content_type: 'image/jpeg' as const,
    content_sha256: createHash('sha256').update(victimBytes).digest('hex'),
    idempotency_key: `mail:${randomUUID()}:0`,
    size_bytes: victimBytes.length,
    email: { subject: 'Your receipt', from: 'shop@example.com', sent_at: '2026-05-02T10:00:00Z' },
  };
}

/** The image route's answer for each of the account's expenses, as the account sees it. */
async function imagesOf(account: TestAccount): Promise<{ status: number; body: Buffer }[]> {
  const ids = await withDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          `SELECT "id" FROM "expenses"."expenses" WHERE "user_id" = $1`,
          [account.id],
        )
      ).rows,
  );
  return Promise.all(
    ids.map(async ({ id }) => {
      const response = await fetch(`${stack.baseUrl}/api/expenses/${id}/image`, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    }),
  );
}

/** The answers that carried the victim's receipt (short, so a failure reads well). */
function leaks(served: { status: number; body: Buffer }[]): string[] {
  return served
    .filter(({ body }) => body.equals(victimBytes))
    .map(({ status }) => `${status} with the victim’s receipt`);
}

describe('storage keys, named by a compromised mail parser', () => {
  it.each([
    ['the victim’s key', () => victimKey],
    ['a way out of its own folder', () => `receipts/${attacker.id}/../${victimKey.slice(9)}`],
  ])(
    'refuses an expense of its own made of %s; the image route serves none of it',
    async (_name, key) => {
      const outcome = await bus
        .send('expenses.receipt.create.v1', mailedReceipt(key()), {
          requestId: `attacker-${randomUUID()}`,
          userId: attacker.id,
        })
        .then(
          () => 'created',
          (error: { code?: string }) => error.code,
        );

      const served = await imagesOf(attacker);
      expect(leaks(served)).toEqual([]);
      expect(outcome).toBe('FORBIDDEN');
      expect(served).toEqual([]);
    },
  );

  it('never serves, re-reads or deletes a file outside the owner’s folder in a stored row', async () => {
    // A row such a message left behind before keys were checked.
    const [expenseId] = await withDatabase((client) =>
      seedExpenses(client, attacker.id, [
        {
          vendor: 'Planted',
          amount: '1.00',
          image_key: victimKey,
          extraction_method: 'image',
          status: 'ready',
        },
      ]),
    );

    const served = await imagesOf(attacker);
    expect(leaks(served)).toEqual([]);
    expect(served.map(({ status }) => status)).toEqual([404]);
    const reread = await api(`/api/expenses/${expenseId}/reprocess`, {
      method: 'POST',
      token: attacker.token,
    });
    expect(reread.status).toBe(400);
    const removed = await api(`/api/expenses/${expenseId}`, {
      method: 'DELETE',
      token: attacker.token,
    });
    expect(removed.status).toBeLessThan(300);
    // Deleting the planted expense left the victim's file alone.
    expect(await readFile(path.join(stack.storageRoot, ...victimKey.split('/')))).toEqual(
      victimBytes,
    );
  });
});
