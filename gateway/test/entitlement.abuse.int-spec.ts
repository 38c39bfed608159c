import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DemoAccount, EntitlementMessages } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  seedExpenses,
  sendToService,
  stack,
  subscribeInBilling,
  uploadReceipt,
  waitForReceipt,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';

/**
 * The server-side paywall, played by an account that has not paid: it calls every route that
 * adds or re-reads receipts straight over HTTP (no SPA to stop it). Each answers 402
 * SUBSCRIPTION_REQUIRED and stores nothing; what the account already has stays its own.
 */
const DAY = 24 * 60 * 60 * 1000;

let receipt: Buffer;

async function storedFiles(userId: string): Promise<string[]> {
  return readdir(path.join(stack.storageRoot, 'receipts', userId)).then(
    (names) => names.filter((name) => !name.endsWith('.meta.json')),
    () => [],
  );
}

async function expenseRows(userId: string) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; status: string; ocr_job_id: string | null }>(
      `SELECT "id", "status", "ocr_job_id" FROM "expenses"."expenses" WHERE "user_id" = $1 ORDER BY "id"`,
      [userId],
    );
    return rows;
  });
}

/** Every paid route, as an attacker calls them; each must answer 402 and store nothing. */
async function expectEveryPaidRouteRefused(account: TestAccount, expenseId: string) {
  const before = { rows: await expenseRows(account.id), files: await storedFiles(account.id) };
  const refusals = [
    await uploadReceipt(account.token, receipt, { entity: 'Personal' }),
    await uploadReceipt(account.token, receipt, {
      entity: 'Personal',
      idempotencyKey: `replay-${account.id}`,
    }),
    await api(`/api/expenses/${expenseId}/reprocess`, { method: 'POST', token: account.token }),
  ];
  for (const refusal of refusals) {
    expect(refusal.status).toBe(402);
    expect(refusal.body).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'SUBSCRIPTION_REQUIRED',
        message: EntitlementMessages.required,
      }),
    });
  }
  // Nothing stored: no expense, no object, and the existing receipt was not queued again.
  expect(await expenseRows(account.id)).toEqual(before.rows);
  expect(await storedFiles(account.id)).toEqual(before.files);
}

/** Reading, editing, exporting and deleting what the account already has keeps working. */
async function expectOwnDataStillTheirs(account: TestAccount, expenseId: string) {
  const list = await api('/api/expenses', { token: account.token });
  expect(list.status).toBe(200);
  expect(list.body.expenses.map((e: { id: string }) => e.id)).toContain(expenseId);

  const image = await fetch(`${stack.baseUrl}/api/expenses/${expenseId}/image`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(image.status).toBe(200);

  const edited = await api(`/api/expenses/${expenseId}`, {
    method: 'PATCH',
    token: account.token,
    body: { vendor: 'Kept After Lapse', notes: 'still mine' },
  });
  expect(edited.status).toBe(200);
  expect(edited.body.expense).toMatchObject({ vendor: 'Kept After Lapse', notes: 'still mine' });

  const csv = await fetch(`${stack.baseUrl}/api/export/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ filters: {} }),
  });
  expect(csv.status).toBe(200);
  expect(await csv.text()).toContain('Kept After Lapse');

  const deleted = await api(`/api/expenses/${expenseId}`, {
    method: 'DELETE',
    token: account.token,
  });
  expect(deleted.status).toBe(200);
  expect((await api('/api/expenses', { token: account.token })).body.expenses).toEqual([]);
}

/** A subscriber's receipt, read and ready (what a lapsed account has from its paid time). */
async function subscriberWithReceipt(label: string) {
  const account = await createTestAccount(label);
  const upload = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
  expect(upload.status).toBe(202);
  await waitForReceipt(account.token, upload.body.expense.id);
  return { account, expenseId: upload.body.expense.id as string };
}

/** The gateway trusts billing's "yes" for ENTITLEMENT_CACHE_MS (5 s by default); then it asks again. */
const ENTITLEMENT_CACHE_MS = 5_000;

beforeAll(async () => {
  receipt = await renderReceipt({
    vendor: 'PAYWALL DINER',
    date: '2026-04-02',
    total: '12.40',
    items: [['Soup', '12.40']],
  });
});

describe('entitlement: an account that never paid', () => {
  it('gets 402 SUBSCRIPTION_REQUIRED on upload and re-extract, nothing stored', async () => {
    const free = await createTestAccount('free', null);
    // An expense from before (say, made while billing was off): its receipt cannot be re-read.
    const [expenseId] = await withDatabase((client) =>
      seedExpenses(client, free.id, [
        {
          vendor: 'Old Receipt',
          amount: '3.50',
          image_key: `receipts/${free.id}/old.jpg`,
          extraction_method: 'image',
          status: 'ready',
        },
      ]),
    );
    await expectEveryPaidRouteRefused(free, expenseId);
    expect((await api('/api/subscription/status', { token: free.token })).body.data).toMatchObject({
      has_subscription: false,
      status: 'none',
    });
  });
});

describe('entitlement: a lapsed subscriber (cancelled, period ended)', () => {
  it('is refused every paid route and keeps reading, editing, exporting and deleting', async () => {
    const { account, expenseId } = await subscriberWithReceipt('lapsed');
    await subscribeInBilling(
      { userId: account.id, email: account.email },
      { status: 'canceled', periodEnd: new Date(Date.now() - DAY) },
    );
    await new Promise((resolve) => setTimeout(resolve, ENTITLEMENT_CACHE_MS + 500));
    await expectEveryPaidRouteRefused(account, expenseId);
    const profile = await api('/api/user/profile', { token: account.token });
    expect(profile.body.profile.has_active_subscription).toBe(false);
    await expectOwnDataStillTheirs(account, expenseId);
  });

  it('keeps adding receipts until the end of a cancelled but paid period', async () => {
    const account = await createTestAccount('paid-until', {
      status: 'canceled',
      periodEnd: new Date(Date.now() + 3 * DAY),
    });
    const upload = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
    expect(upload.status).toBe(202);
  });
});

describe('entitlement: past_due', () => {
  it('stays entitled within the grace period', async () => {
    const account = await createTestAccount('grace', {
      status: 'past_due',
      pastDueSince: new Date(Date.now() - 2 * DAY),
    });
    const upload = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
    expect(upload.status).toBe(202);
    const profile = await api('/api/user/profile', { token: account.token });
    expect(profile.body.profile.has_active_subscription).toBe(true);
  });

  it('is refused once the grace period has run out, and every view says so', async () => {
    const account = await createTestAccount('grace-over', {
      status: 'past_due',
      pastDueSince: new Date(Date.now() - 30 * DAY),
    });
    const upload = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
    expect(upload.status).toBe(402);
    expect(upload.body.error.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await storedFiles(account.id)).toEqual([]);
    const status = await api('/api/subscription/status', { token: account.token });
    expect(status.body.data).toMatchObject({ has_subscription: false, status: 'past_due' });
    const profile = await api('/api/user/profile', { token: account.token });
    expect(profile.body.profile.has_active_subscription).toBe(false);
  });
});

describe('entitlement: the demo account', () => {
  it('has a real, renewing subscription in billing that every view agrees on', async () => {
    const login = await api('/api/auth/login', {
      body: { email: DemoAccount.email, password: DemoAccount.password },
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    const [rows, status, profile, entitlement] = await Promise.all([
      withDatabase(
        async (client) =>
          (
            await client.query<{ provider: string; status: string; cancel_at: Date | null }>(
              `SELECT "provider", "status", "cancel_at" FROM "billing"."subscriptions" WHERE "user_id" = $1`,
              [DemoAccount.id],
            )
          ).rows,
      ),
      api('/api/subscription/status', { token }),
      api('/api/user/profile', { token }),
      sendToService<{ entitled: boolean; status: string }>(
        'billing',
        'billing.entitlement.check.v1',
        { userId: DemoAccount.id },
      ),
    ]);
    expect(rows).toEqual([{ provider: 'local', status: 'active', cancel_at: null }]);
    expect(status.body.data).toMatchObject({ has_subscription: true, status: 'active' });
    expect(new Date(status.body.data.current_period_end).getTime()).toBeGreaterThan(Date.now());
    expect(profile.body.profile.has_active_subscription).toBe(true);
    expect(entitlement).toMatchObject({ entitled: true, status: 'active' });
  });
});

describe('entitlement: billing out of reach', () => {
  it('fails closed: with billing-service stopped an upload is refused and nothing stored', async () => {
    const account = await createTestAccount('billing-down');
    await stack.stop('billing');
    try {
      const upload = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
      expect([503, 504]).toContain(upload.status);
      expect(await storedFiles(account.id)).toEqual([]);
      expect(await expenseRows(account.id)).toEqual([]);
    } finally {
      await stack.start('billing');
    }
    const upload = await uploadReceipt(account.token, receipt, { entity: 'Personal' });
    expect(upload.status).toBe(202);
  });
});
