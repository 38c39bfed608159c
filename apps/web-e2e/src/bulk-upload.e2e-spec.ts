import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Browser, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import {
  api,
  createTestAccount,
  renderReceiptPdf,
  stack,
  type TestAccount,
} from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { UploadCardPage } from './pages/upload-card.page.js';

let browser: Browser;
let account: TestAccount;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('bulk');
  for (const name of ['Bulk Trip', 'Zipped', 'Camera', 'Folder']) {
    await api('/api/entities', { token: account.token, body: { name } });
  }
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

/** Signed in on the dashboard at a phone's width. */
async function signedIn(): Promise<{ page: Page; card: UploadCardPage }> {
  const { context, page } = await newPage(browser, { viewport: { width: 375, height: 812 } });
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  return { page, card: new UploadCardPage(page) };
}

/** A small photo of its own colour: every index gives different bytes, so no duplicates. */
function photo(index: number, width = 240, height = 320): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: index % 256, g: (index * 37) % 256, b: 255 - (index % 256) },
    },
  })
    .png()
    .toBuffer();
}

type Listed = { id: string; duplicate_of: string | null; image_url: string; created_at: string };

async function expensesOf(entity: string): Promise<Listed[]> {
  const { body } = await api(`/api/expenses?limit=100&entities=${encodeURIComponent(entity)}`, {
    token: account.token,
  });
  return body.expenses as Listed[];
}

async function imageSize(expense: Listed): Promise<{ width: number; height: number }> {
  const stored = await fetch(`${stack.baseUrl}${expense.image_url}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('bulk upload', () => {
  it('takes 100 files in one go: 99 expenses, the copy flagged, the text file refused', async () => {
    const { page, card } = await signedIn();
    await card.chooseEntity('Bulk Trip');
    const photos = await Promise.all(Array.from({ length: 98 }, (_, index) => photo(index)));
    const chosen = [
      ...photos.map((buffer, index) => ({
        name: `receipt-${String(index + 1).padStart(3, '0')}.png`,
        mimeType: 'image/png',
        buffer,
      })),
      // The same file again, at the end: the server finds its twin and says so.
      { name: 'receipt-001-again.png', mimeType: 'image/png', buffer: photos[0] },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a receipt') },
    ];
    expect(chosen).toHaveLength(100);

    // Never more than three uploads in flight. An upload ends, for this count, when its answer
    // arrives: the page can start the next one only after that, whereas Playwright's
    // `requestfinished` may be reported after the page has already started the next upload.
    const inFlight = new Set<Request>();
    let most = 0;
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/parse')) return;
      inFlight.add(request);
      most = Math.max(most, inFlight.size);
    });
    page.on('response', (response) => inFlight.delete(response.request()));
    page.on('requestfailed', (request) => inFlight.delete(request));

    await card.files().setInputFiles(chosen);
    await card.overallProgress().waitFor();
    await expect(card.items().count()).resolves.toBe(99);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await card.summary().waitFor({ timeout: 180_000 });

    expect(await card.summary().textContent()).toBe(
      '100 files: 99 added (1 flagged as possible duplicates), 1 refused.',
    );
    expect(await card.refused().allTextContents()).toEqual([
      'notes.txt: Please upload an image file',
    ]);
    expect(await page.locator('.upload-item--done').count()).toBe(99);
    await page
      .locator('.upload-item--duplicate')
      .filter({ hasText: 'receipt-001-again.png' })
      .waitFor();
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);

    const expenses = await expensesOf('Bulk Trip');
    expect(expenses).toHaveLength(99);
    expect(expenses.filter((expense) => expense.duplicate_of)).toHaveLength(1);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('unpacks a .zip in the browser and refuses what is in it with the upload messages', async () => {
    const { page, card } = await signedIn();
    await card.chooseEntity('Zipped');
    const zip = zipSync(
      {
        'receipts/taxi.png': await photo(200),
        'receipts/hotel.png': await photo(201),
        'receipts/notes.txt': Buffer.from('not a receipt'),
        // Declared at 20 MB: refused by its size before it is inflated.
        'receipts/scan.png': new Uint8Array(20 * 1024 * 1024),
        '__MACOSX/receipts/._taxi.png': Buffer.from('resource fork'),
      },
      { level: 6 },
    );
    await card.files().setInputFiles({
      name: 'march.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    });
    await card.summary().waitFor({ timeout: 60_000 });
    expect(await card.summary().textContent()).toBe('4 files: 2 added, 2 refused.');
    expect(await card.refused().allTextContents()).toEqual([
      'march.zip/receipts/notes.txt: Please upload an image file',
      'march.zip/receipts/scan.png: File size must be less than 20MB',
    ]);
    expect(await expensesOf('Zipped')).toHaveLength(2);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

describe('choose a folder', () => {
  it('takes the images and PDFs of a folder and its sub-folders, refusing the rest', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'snaptrack-folder-'));
    try {
      const folder = path.join(dir, 'march');
      await mkdir(path.join(folder, 'hotel'), { recursive: true });
      await writeFile(path.join(folder, 'taxi.png'), await photo(400));
      await writeFile(
        path.join(folder, 'hotel', 'invoice.pdf'),
        await renderReceiptPdf({ vendor: 'HARBOUR HOTEL', date: '2026-03-02', total: '120.00' }),
      );
      await writeFile(path.join(folder, 'notes.txt'), 'not a receipt');
      await writeFile(
        path.join(folder, 'old.zip'),
        Buffer.from(zipSync({ 'a.png': await photo(401) })),
      );
      await writeFile(path.join(folder, '.DS_Store'), 'finder');

      const { page, card } = await signedIn();
      await card.chooseEntity('Folder');
      await page.getByRole('button', { name: 'Choose a folder' }).waitFor();
      await card.folder().setInputFiles(folder);

      await card.summary().waitFor({ timeout: 60_000 });
      expect(await card.summary().textContent()).toBe('4 files: 2 added, 2 refused.');
      expect((await card.refused().allTextContents()).sort()).toEqual([
        'march/notes.txt: Please upload an image file',
        'march/old.zip: Please upload an image file',
      ]);
      expect(await expensesOf('Folder')).toHaveLength(2);
      await expect(seriousViolations(page)).resolves.toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('camera capture', () => {
  it('turns and crops the photo before it goes up, or sends it as taken when skipped', async () => {
    const { page, card } = await signedIn();
    await card.chooseEntity('Camera');
    expect(await card.camera().getAttribute('capture')).toBe('environment');

    // 1200 × 800, turned a quarter (800 × 1200), a quarter off the top: 800 × 900.
    await card.camera().setInputFiles({
      name: 'till.png',
      mimeType: 'image/png',
      buffer: await photo(300, 1200, 800),
    });
    await card.photoEditor().waitFor();
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await card.trim('top', 25);
    await page.getByText('Turned 90°').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await page.locator('.upload-item--done').filter({ hasText: 'till.png' }).waitFor();
    const [edited] = await expensesOf('Camera');
    expect(edited).toBeDefined();
    expect(await imageSize(edited)).toEqual({ width: 800, height: 900 });

    await card.camera().setInputFiles({
      name: 'taxi.png',
      mimeType: 'image/png',
      buffer: await photo(301, 1200, 800),
    });
    await card.photoEditor().waitFor();
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await page.getByRole('button', { name: 'Skip: upload as taken' }).click();
    await page.locator('.upload-item--done').filter({ hasText: 'taxi.png' }).waitFor();
    const camera = await expensesOf('Camera');
    expect(camera).toHaveLength(2);
    const [asTaken] = camera.filter((expense) => expense.id !== edited.id);
    expect(await imageSize(asTaken)).toEqual({ width: 1200, height: 800 });
  });
});
