import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ShareMessages, ShareTargetLimits } from '@snaptrack/contracts/core';
import {
  api,
  createTestAccount,
  eventually,
  renderReceipt,
  stack,
  type TestAccount,
} from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, launchProfileBrowser, newPage } from './support/browser.js';
import { CrossSitePage } from './support/cross-site-page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { LoginPage } from './pages/login.page.js';
import { OfflineCapturePage } from './pages/offline-capture.page.js';
import { SharedFilesPage } from './pages/shared-files.page.js';

let browser: Browser;
let crossSite: CrossSitePage;
let account: TestAccount;
const opened: { close(): Promise<void> }[] = [];
const profiles: string[] = [];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  crossSite = await CrossSitePage.start();
  account = await createTestAccount('pwa');
  for (const name of ['Seen Offline', 'Offline Trip', 'Shared In']) {
    await api('/api/entities', { token: account.token, body: { name } });
  }
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
  await crossSite.close();
  await Promise.all(profiles.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Signed = { context: BrowserContext; page: Page; app: OfflineCapturePage };

/**
 * Signed in on the dashboard at a phone's size, with the service worker installed and in
 * control; `profile` uses an on-disk profile (Chromium never offers to install in incognito).
 */
async function signedIn({ profile = false } = {}): Promise<Signed> {
  const viewport = { width: 412, height: 915 };
  let opening: { context: BrowserContext; page: Page };
  if (profile) {
    const dir = await mkdtemp(path.join(tmpdir(), 'snaptrack-pwa-'));
    profiles.push(dir);
    opening = await launchProfileBrowser(dir, viewport);
  } else {
    opening = await newPage(browser, { viewport, serviceWorker: true });
  }
  const { context, page } = opening;
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  const app = new OfflineCapturePage(page);
  await app.serviceWorkerInControl();
  return { context, page, app };
}

type ListedExpense = { id: string; entity: string | null; vendor: string | null };

async function expensesOf(entity: string): Promise<ListedExpense[]> {
  const { body } = await api('/api/expenses?limit=100', { token: account.token });
  return (body.expenses as ListedExpense[]).filter((expense) => expense.entity === entity);
}

/** Polls the API until `entity` has `count` expenses (uploads land asynchronously). */
function waitForExpenses(entity: string, count: number): Promise<ListedExpense[]> {
  return eventually(
    () => expensesOf(entity),
    (found) => found.length >= count,
    { what: `${count} expenses of ${entity}`, intervalMs: 500 },
  );
}

describe('the installable app', () => {
  it('has a manifest and a service worker, and Chromium finds it installable', async () => {
    const { page, context } = await signedIn({ profile: true });
    const scriptUrl = await new OfflineCapturePage(page).serviceWorkerInControl();
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
      return (await (await fetch(link?.href ?? '')).json()) as Record<string, unknown>;
    });
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: expect.stringMatching(/^\/dashboard\?app=true/),
      scope: '/',
      share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
    });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // Deploys reach installed apps because the worker and the manifest are never cached long.
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(`${stack.baseUrl}${file}`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    // The API is never answered by the worker's cache.
    const cached = await page.evaluate(async () =>
      (await caches.keys()).length > 0
        ? (
            await Promise.all(
              (await caches.keys()).map(async (name) =>
                (await (await caches.open(name)).keys()).map((request) => request.url),
              ),
            )
          ).flat()
        : [],
    );
    expect(cached.some((url) => url.includes('/index.html'))).toBe(true);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  });

  it('opens the dashboard offline with the last data it saw, and says it is offline', async () => {
    const image = await renderReceipt({ vendor: 'HARBOUR CAFE', date: today, total: '9.80' });
    const form = new FormData();
    form.append('entity', 'Seen Offline');
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'harbour.jpg');
    const uploaded = await fetch(`${stack.baseUrl}/api/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
      body: form,
    });
    expect(uploaded.status).toBeLessThan(300);
    await waitForExpenses('Seen Offline', 1);

    const { context, page, app } = await signedIn();
    const dashboard = new DashboardPage(page);
    await dashboard.cards().first().waitFor();
    const onlineCount = await dashboard.totalCount();
    const onlineFirst = await dashboard.cards().first().textContent();
    await app.cachePersisted();

    await context.setOffline(true);
    await page.reload();
    await app.offlineNotice().waitFor();
    await dashboard.cards().first().waitFor();
    expect(await dashboard.totalCount()).toBe(onlineCount);
    expect(await dashboard.cards().first().textContent()).toBe(onlineFirst);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await context.setOffline(false);
    await app.offlineNotice().waitFor({ state: 'detached' });
  });

  it('keeps three receipts captured offline through a reload, then makes exactly three expenses', async () => {
    const { context, page, app } = await signedIn();
    await page.getByLabel('Entity', { exact: true }).selectOption('Offline Trip');
    const images = await Promise.all(
      ['NORTH STAR TAXI', 'AIRPORT NEWS', 'GATE 12 COFFEE'].map((vendor, index) =>
        renderReceipt({ vendor, date: today, total: `${index + 3}.50` }),
      ),
    );

    await context.setOffline(true);
    await app.files().setInputFiles(
      images.map((buffer, index) => ({
        name: `trip-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer,
      })),
    );
    await app.queue().waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('.upload-queue__item--waiting').length === 3,
    );
    await expect(app.queue().getByText('Waiting to upload').count()).resolves.toBeGreaterThan(2);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // A reload (still offline) keeps them, thumbnails and all.
    await page.reload();
    await app.offlineNotice().waitFor();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('.upload-queue__item img')].filter(
          (image) => image.complete && image.naturalWidth > 0,
        ).length === 3,
    );
    expect(await expensesOf('Offline Trip')).toEqual([]);

    await context.setOffline(false);
    await app.queuedItems().first().waitFor({ state: 'detached', timeout: 60_000 });
    await app.queue().waitFor({ state: 'detached' });
    expect(await waitForExpenses('Offline Trip', 3)).toHaveLength(3);
    // Sent from the page and possibly by Background Sync too: the Idempotency-Key keeps it at 3.
    await page.reload();
    await page.getByRole('heading', { name: 'Upload receipts' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await expensesOf('Offline Trip')).toHaveLength(3);
  });

  it('keeps a file another site posts to the share target until the person confirms it', async () => {
    const { page } = await signedIn();
    const review = new SharedFilesPage(page);
    await page.getByLabel('Entity', { exact: true }).selectOption('Shared In');
    const shareTarget = `${stack.baseUrl}/share-target`;
    const deli = await renderReceipt({ vendor: 'SHARED DELI', date: today, total: '7.25' });

    // A page on another site posts a receipt to the share target without asking anyone.
    await page.goto(
      crossSite.postingFiles(shareTarget, 'receipts', [
        { name: 'shared-deli.jpg', mimeType: 'image/jpeg', buffer: deli },
      ]),
    );
    await page.waitForURL(/\/dashboard\?app=true&shared=1$/);
    await review.dialog().waitFor();
    await expect(review.files().allTextContents()).resolves.toEqual([
      expect.stringMatching(/^shared-deli\.jpg[\d.]+ (KB|MB)$/),
    ]);
    await review.thumbnailDrawn('shared-deli.jpg');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    // Nothing went up: the card holds no upload, the account no expense, even after a reload.
    await expect(page.locator('.upload-item').count()).resolves.toBe(0);
    await page.reload();
    await review.dialog().waitFor();
    expect(await review.keptOnDevice()).toBe(1);
    expect(await expensesOf('Shared In')).toEqual([]);

    // Upload sends it under the entity chosen last time on this device.
    await review.upload();
    const entity = page.getByLabel('Entity', { exact: true });
    await entity.locator('option', { hasText: 'Shared In' }).waitFor({ state: 'attached' });
    expect(await entity.inputValue()).toBe('Shared In');
    await page
      .locator('.upload-item--done')
      .filter({ hasText: 'shared-deli.jpg' })
      .waitFor({ timeout: 30_000 });
    expect(await waitForExpenses('Shared In', 1)).toHaveLength(1);

    // More than may wait: the extra file is refused with the reason; Discard drops the rest,
    // which never go up.
    const junk = await renderReceipt({ vendor: 'UNWANTED', date: today, total: '1.00' });
    const flood = Array.from({ length: ShareTargetLimits.maxFiles + 1 }, (_, index) => ({
      name: `unwanted-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: junk,
    }));
    await page.goto(crossSite.postingFiles(shareTarget, 'receipts', flood));
    await review.dialog().getByText('unwanted-1.jpg', { exact: true }).waitFor();
    await expect(review.files().count()).resolves.toBe(ShareTargetLimits.maxFiles);
    await review
      .dialog()
      .getByText(`unwanted-${ShareTargetLimits.maxFiles + 1}.jpg: ${ShareMessages.tooMany}`)
      .waitFor();
    await review.discard();
    expect(await review.keptOnDevice()).toBe(0);
    await expect(page.locator('.upload-item').count()).resolves.toBe(0);
    expect(await expensesOf('Shared In')).toHaveLength(1);
  });

  it('asks about files an earlier version kept from a share, and uploads none unasked', async () => {
    const { page } = await signedIn();
    const review = new SharedFilesPage(page);
    // Before confirmation existed, shared files waited under 'pending' until the dashboard
    // uploaded them. A device updated with one waiting must ask, not upload or lose it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('snaptrack-share-inbox');
          open.onupgradeneeded = () => open.result.createObjectStore('files');
          open.onerror = () => reject(new Error('cannot open the share inbox'));
          open.onsuccess = () => {
            const blob = new Blob(['not really a receipt'], { type: 'image/jpeg' });
            const put = open.result
              .transaction('files', 'readwrite')
              .objectStore('files')
              .put([{ name: 'kept-before.jpg', type: 'image/jpeg', blob }], 'pending');
            put.onsuccess = () => resolve();
            put.onerror = () => reject(new Error('cannot write the share inbox'));
          };
        }),
    );
    await page.reload();
    await review.dialog().waitFor();
    await expect(review.files().allTextContents()).resolves.toEqual([
      expect.stringMatching(/^kept-before\.jpg[\d.]+ (B|KB)$/),
    ]);
    expect(await review.keptOnDevice()).toBe(1);
    await expect(page.locator('.upload-item').count()).resolves.toBe(0);
    await review.discard();
    expect(await review.keptOnDevice()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Upload receipts' }).waitFor();
    await expect(review.dialog().count()).resolves.toBe(0);
  });

  it('sends a share that reached the server without the app back to the dashboard', async () => {
    const response = await fetch(`${stack.baseUrl}/share-target`, {
      method: 'POST',
      body: new FormData(),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard?app=true&share_failed=1');
  });
});
