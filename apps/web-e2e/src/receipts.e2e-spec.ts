import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { api, createTestAccount, renderReceipt, stack, type TestAccount } from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { UploadCardPage } from './pages/upload-card.page.js';

let browser: Browser;
let account: TestAccount;
const opened: { close(): Promise<void> }[] = [];

/** Today on the UTC calendar: new receipts land at the top of the list. */
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('upload');
  await api('/api/entities', { token: account.token, body: { name: 'Field Work' } });
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function signedIn(): Promise<{
  context: BrowserContext;
  page: Page;
  dashboard: DashboardPage;
}> {
  const { context, page } = await newPage(browser);
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  return { context, page, dashboard: new DashboardPage(page) };
}

const files = (page: Page) => page.getByTestId('receipt-files');

describe('the upload card', () => {
  it('uploads three receipts at once, shows them processing, then read with confidence', async () => {
    const { page, dashboard } = await signedIn();
    const receipts = [
      { vendor: 'MAPLE BAKERY', total: '12.40' },
      { vendor: 'RIVERSIDE FUEL', total: '58.75' },
      { vendor: 'ORBIT BOOKS', total: '23.99' },
    ];
    const images = await Promise.all(
      receipts.map((receipt) => renderReceipt({ ...receipt, date: today })),
    );

    // Without an entity nothing goes up.
    await files(page).setInputFiles({
      name: 'first.jpg',
      mimeType: 'image/jpeg',
      buffer: images[0],
    });
    await page
      .getByText('Please select an entity first. Create entities in Settings if none exist.')
      .waitFor();

    await page.getByLabel('Entity', { exact: true }).selectOption('Field Work');
    await files(page).setInputFiles(
      images.map((buffer, index) => ({
        name: `receipt-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer,
      })),
    );
    await page.waitForFunction(() => document.querySelectorAll('.upload-item').length === 3);
    for (let index = 1; index <= 3; index++) {
      await page.getByRole('progressbar', { name: `Upload of receipt-${index}.jpg` }).waitFor();
    }
    await page.waitForFunction(() => document.querySelectorAll('.upload-item--done').length === 3);
    // The list shows them processing, then refreshes itself until they are read.
    await dashboard.cards().first().waitFor();
    for (const receipt of receipts) {
      const card = dashboard.card(receipt.vendor);
      await card.waitFor({ timeout: 120_000 });
      await expect(card.locator('.expense-card__amount').textContent()).resolves.toContain(
        receipt.total,
      );
      await expect(card.locator('.badge[class*="badge--confidence"]').count()).resolves.toBe(1);
      await expect(card.getByText('Field Work').count()).resolves.toBeGreaterThan(0);
    }
  });

  it('scales a large photo to a long side of 2048 px and sends it as JPEG', async () => {
    const { page } = await signedIn();
    const scan = await renderReceipt(
      { vendor: 'ATLAS PRINT SHOP', date: today, total: '31.50' },
      { wholePage: true, format: 'png' },
    );
    expect((await sharp(scan).metadata()).height).toBe(3508);
    await page.getByLabel('Entity', { exact: true }).selectOption('Field Work');
    await files(page).setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: scan });
    await page.locator('.upload-item--done').first().waitFor();
    const { body } = await api('/api/expenses?limit=100', { token: account.token });
    const newest = (body.expenses as { created_at: string; image_url: string }[]).sort((a, b) =>
      b.created_at.localeCompare(a.created_at),
    )[0];
    const stored = await fetch(`${stack.baseUrl}${newest.image_url}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(2048);
  });

  it('refuses a file that is not an image, and retries a receipt that could not be read', async () => {
    const { page, dashboard } = await signedIn();
    await page.getByLabel('Entity', { exact: true }).selectOption('Field Work');
    await files(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a receipt'),
    });
    await page.getByText('Please upload an image file').waitFor();

    // A damaged photo: uploaded (its bytes say JPEG), then failed with a reason and a Retry.
    const image = await renderReceipt({ vendor: 'BROKEN CAMERA CO', date: today, total: '5.00' });
    await files(page).setInputFiles({
      name: 'damaged.jpg',
      mimeType: 'image/jpeg',
      buffer: image.subarray(0, 400),
    });
    const failed = dashboard.cards().filter({ hasText: 'could not be opened' });
    await failed.first().waitFor({ timeout: 120_000 });
    await failed.first().getByRole('button', { name: 'Retry' }).click();
    await failed.first().getByRole('button', { name: 'Retry' }).waitFor({ timeout: 120_000 });
  });

  it('follows each upload until it is read or failed, and opens it wherever it sorts', async () => {
    const { page } = await signedIn();
    const upload = new UploadCardPage(page);
    await upload.chooseEntity('Field Work');
    // An old receipt sorts far down the list (newest date first); a damaged one fails.
    const old = await renderReceipt({
      vendor: 'HARBOUR BOOKS',
      date: '2019-03-04',
      total: '41.20',
    });
    const other = await renderReceipt({ vendor: 'TORN PAGES', date: today, total: '9.99' });
    await upload.files().setInputFiles([
      { name: 'old.jpg', mimeType: 'image/jpeg', buffer: old },
      {
        name: 'torn.jpg',
        mimeType: 'image/jpeg',
        buffer: other.subarray(0, Math.floor(other.length / 3)),
      },
    ]);
    await upload
      .state('old.jpg')
      .filter({ hasText: /^Ready: / })
      .waitFor({ timeout: 120_000 });
    await expect(upload.state('old.jpg').textContent()).resolves.toMatch(
      /^Ready: HARBOUR BOOKS, .*41\.20, Mar 4, 2019\.$/,
    );
    await upload
      .state('torn.jpg')
      .filter({ hasText: /^Could not be read: / })
      .waitFor({ timeout: 120_000 });
    await upload.openButton('torn.jpg').waitFor();

    await upload.openButton('old.jpg').click();
    const dialog = page.getByRole('dialog', { name: 'Just added' });
    await dialog.getByRole('article', { name: 'Expense HARBOUR BOOKS', exact: true }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('follows a receipt kept offline once the queue sent it, and the queue lets it go', async () => {
    const { context, page } = await signedIn();
    const upload = new UploadCardPage(page);
    await upload.chooseEntity('Field Work');
    const image = await renderReceipt({ vendor: 'NIGHT FERRY', date: today, total: '7.30' });
    await context.setOffline(true);
    await upload
      .files()
      .setInputFiles({ name: 'ferry.jpg', mimeType: 'image/jpeg', buffer: image });
    await upload
      .state('ferry.jpg')
      .filter({ hasText: 'No connection: kept on this device' })
      .waitFor();
    const queue = page.getByRole('region', { name: /Waiting to upload/ });
    await queue.waitFor();

    await context.setOffline(false);
    await queue.waitFor({ state: 'detached', timeout: 60_000 });
    await upload
      .state('ferry.jpg')
      .filter({ hasText: /^Ready: NIGHT FERRY/ })
      .waitFor({
        timeout: 120_000,
      });
    await upload.openButton('ferry.jpg').waitFor();
  });
});
