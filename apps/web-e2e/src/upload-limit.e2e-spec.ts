import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { api, createTestAccount, stack, type TestAccount } from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { OfflineCapturePage } from './pages/offline-capture.page.js';
import { UploadCardPage } from './pages/upload-card.page.js';

// A bulk upload against the gateway's real per-user upload limit, lowered for this file (the
// default, 120 an hour, is never reached by a test): the server refuses with 429, the batch
// pauses until its Retry-After with the waiting files kept on the device, and every file ends as
// exactly one expense, whether the page stays open or is closed during the pause.

/**
 * Four uploads per user per 12 s window (it starts at the first upload): a batch of 6 or 10
 * meets the limit at once, and a page reopened during the pause still finds the files waiting
 * (closing and reopening it fits in the window on a loaded 2-core machine). The batch of 10
 * waits out two windows, the batch of 6 one: the window is most of this file's time.
 */
const LIMIT = { RATE_LIMIT_PARSE_PER_USER: '4/12' };

let browser: Browser;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  await stack.restart('gateway', LIMIT);
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser?.close();
  // Every other test file sees the default limits again.
  await stack.restart('gateway');
});

async function accountWithEntity(name: string): Promise<TestAccount> {
  const account = await createTestAccount(name);
  await api('/api/entities', { token: account.token, body: { name: 'Limits' } });
  return account;
}

/** A small photo of its own colour: every index gives different bytes, so no duplicates. */
async function photos(count: number, seed: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `limited-${String(index + 1).padStart(2, '0')}.png`,
      mimeType: 'image/png',
      buffer: await sharp({
        create: {
          width: 200,
          height: 280,
          channels: 3,
          background: { r: (seed + index * 23) % 256, g: (index * 71) % 256, b: seed % 256 },
        },
      })
        .png()
        .toBuffer(),
    })),
  );
}

async function signedIn(account: TestAccount): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, { viewport: { width: 375, height: 812 } });
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  return { context, page };
}

type Listed = { id: string; duplicate_of: string | null };

async function expensesOf(account: TestAccount): Promise<Listed[]> {
  const { body } = await api('/api/expenses?limit=100', { token: account.token });
  return body.expenses as Listed[];
}

/** Resolves once this browser keeps `count` receipts in the offline queue (IndexedDB). */
async function keptOnDevice(page: Page, count: number): Promise<void> {
  await page.waitForFunction(async (expected) => (await countKept()) === expected, count, {
    timeout: 15_000,
    polling: 250,
  });
}

declare function countKept(): Promise<number>;

/** Puts `countKept` in the page: the number of receipts in the offline queue, any account's. */
async function withKeptCounter(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { countKept: () => Promise<number> }).countKept = () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('snaptrack-upload-queue');
        open.onerror = () => reject(new Error('no queue'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('receipts')) return resolve(0);
          const count = db.transaction('receipts').objectStore('receipts').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(new Error('no count'));
        };
      });
  });
}

/** Counts the uploads the page sends and how the server answers them. */
function watchUploads(page: Page): { statuses: number[]; keys: string[] } {
  const seen = { statuses: [] as number[], keys: [] as string[] };
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/parse')) return;
    seen.statuses.push(response.status());
    seen.keys.push(response.request().headers()['idempotency-key'] ?? '');
  });
  return seen;
}

describe('bulk upload under the upload limit', () => {
  it('pauses on a 429, says so, then adds every file once', async () => {
    const account = await accountWithEntity('limit-stay');
    const { page } = await signedIn(account);
    const card = new UploadCardPage(page);
    const uploads = watchUploads(page);
    await card.chooseEntity('Limits');
    await card.files().setInputFiles(await photos(10, 11));

    // The server refused: the batch says it waits, until when, and that the files are kept.
    const paused = card.items().filter({ hasText: /Sends again by itself at \d/ });
    await paused.filter({ hasText: 'Kept on this device' }).first().waitFor({ timeout: 30_000 });
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await card.summary().waitFor({ timeout: 120_000 });
    expect(await card.summary().textContent()).toBe('10 files: 10 added.');
    expect(uploads.statuses).toContain(429);

    const expenses = await expensesOf(account);
    expect(expenses).toHaveLength(10);
    expect(expenses.filter((expense) => expense.duplicate_of)).toEqual([]);
    // Each file went up under one key, whatever number of tries: ten keys accepted.
    const accepted = uploads.keys.filter((_, index) => uploads.statuses[index] === 202);
    expect(new Set(accepted).size).toBe(10);
    // Nothing kept for the pause is left behind on the device.
    await withKeptCounter(page);
    await keptOnDevice(page, 0);
  });

  it('loses nothing when the page is closed during the pause: the next visit sends the rest', async () => {
    const account = await accountWithEntity('limit-close');
    const { context, page } = await signedIn(account);
    const card = new UploadCardPage(page);
    await card.chooseEntity('Limits');
    await card.files().setInputFiles(await photos(6, 97));

    // Four go up (the limit); every file not sent waits, kept on the device. Then the tab is
    // closed.
    const pending = await page.waitForFunction(
      () => {
        const waiting = [...document.querySelectorAll('.upload-item')].filter(
          (item) => !item.classList.contains('upload-item--done'),
        );
        const allKept =
          waiting.length > 0 &&
          waiting.every((item) => item.textContent?.includes('Kept on this device'));
        return allKept ? waiting.length : 0;
      },
      null,
      { timeout: 30_000 },
    );
    const left = await pending.jsonValue();
    await withKeptCounter(page);
    await keptOnDevice(page, left);
    await page.close();
    expect(await expensesOf(account)).toHaveLength(6 - left);

    // The next visit lists them as waiting on the limit, then sends them when it allows.
    const next = await context.newPage();
    const uploads = watchUploads(next);
    await next.goto(`${stack.baseUrl}/dashboard?app=true`);
    const app = new OfflineCapturePage(next);
    await app.queue().waitFor();
    await expect(app.queue().textContent()).resolves.toContain('Upload limit reached');
    await expect(seriousViolations(next)).resolves.toEqual([]);
    await app.queue().waitFor({ state: 'detached', timeout: 60_000 });

    const expenses = await expensesOf(account);
    expect(expenses).toHaveLength(6);
    expect(expenses.filter((expense) => expense.duplicate_of)).toEqual([]);
    expect(uploads.statuses.filter((status) => status === 202)).toHaveLength(left);
    await withKeptCounter(next);
    await keptOnDevice(next, 0);
  });
});
