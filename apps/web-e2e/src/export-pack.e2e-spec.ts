import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  api,
  createTestAccount,
  renderReceipt,
  seedExpenses,
  stack,
  withDatabase,
  type SeedExpense,
  type TestAccount,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { ExportDialogPage } from './pages/export-dialog.page.js';

let browser: Browser;
let context: BrowserContext;
let account: TestAccount;
const photos: Buffer[] = [];

/** Two receipts with their photos in storage, as an upload leaves them. */
async function seedReceipts(userId: string): Promise<void> {
  const receipts = [
    { vendor: 'Harbour Bakery', date: '2026-02-03', total: '10.70' },
    { vendor: 'Ferry Café', date: '2026-02-04', total: '4.20' },
  ];
  const rows: SeedExpense[] = [];
  for (const receipt of receipts) {
    const photo = await renderReceipt(receipt);
    photos.push(photo);
    const key = `receipts/${userId}/${randomUUID()}.jpg`;
    mkdirSync(path.dirname(path.join(stack.storageRoot, key)), { recursive: true });
    writeFileSync(path.join(stack.storageRoot, key), photo);
    rows.push({
      vendor: receipt.vendor,
      amount: receipt.total,
      expense_date: receipt.date,
      entity: 'Studio',
      tags: [],
      status: 'ready',
      extraction_method: 'image',
      image_key: key,
      ocr_confidence: 0.9,
    });
  }
  await withDatabase((client) => seedExpenses(client, userId, rows));
}

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('export-pack');
  await api('/api/entities', { token: account.token, body: { name: 'Studio' } });
  await seedReceipts(account.id);
});

afterAll(async () => {
  await context?.close();
  await browser.close();
});

function strictCsv(bytes: Uint8Array): string[][] {
  return parse(Buffer.from(bytes), {
    bom: true,
    record_delimiter: ['\r\n'],
    relax_quotes: false,
    relax_column_count: false,
  });
}

describe('the accountant pack in the export dialog', () => {
  it('asks for the QuickBooks customer, shows its progress and downloads the ZIP', async () => {
    const opened = await newPage(browser);
    context = opened.context;
    const { page } = opened;
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    await login.signIn(account.email, account.password);
    await page.waitForURL(/\/dashboard/);

    const dialog = new ExportDialogPage(page);
    await dialog.open();
    await dialog.waitForPreview(2);
    await dialog.entity('Studio');
    await dialog.format('Accountant pack');
    await dialog.exportButton().click();
    await dialog
      .dialog()
      .getByRole('alert')
      .filter({ hasText: 'Please enter a customer name for QuickBooks export.' })
      .waitFor();
    await dialog.dialog().getByLabel('Customer').fill('Studio Client');
    await dialog.waitForPreview(2);

    const download = await dialog.exportAndDownload(120_000);
    expect(download.suggestedFilename()).toMatch(/^snaptrack_pack_\d{4}-\d{2}-\d{2}\.zip$/);
    await dialog.dialog().getByText('Accountant pack downloaded.').waitFor();

    const zipPath = await download.path();
    const entries = unzipSync(readFileSync(zipPath));
    const date = /snaptrack_pack_(.+)\.zip/.exec(download.suggestedFilename())?.[1];
    expect(Object.keys(entries).sort()).toEqual(
      [
        'README.txt',
        `quickbooks_invoice_${date}.csv`,
        'receipts/2026-02-03_Harbour-Bakery_10.70_USD.jpg',
        'receipts/2026-02-04_Ferry-Café_4.20_USD.jpg',
        `snaptrack_expenses_${date}.csv`,
        `snaptrack_receipts_${date}.pdf`,
        `xero_bills_${date}.csv`,
      ].sort(),
    );
    expect(
      Buffer.from(entries['receipts/2026-02-03_Harbour-Bakery_10.70_USD.jpg']).equals(photos[0]),
    ).toBe(true);
    expect(
      Buffer.from(entries['receipts/2026-02-04_Ferry-Café_4.20_USD.jpg']).equals(photos[1]),
    ).toBe(true);
    expect(strictCsv(entries[`snaptrack_expenses_${date}.csv`])).toHaveLength(3);
    const quickbooks = strictCsv(entries[`quickbooks_invoice_${date}.csv`]);
    expect(quickbooks.slice(1).map((row) => row[1])).toEqual(['Studio Client', 'Studio Client']);
    const xero = strictCsv(entries[`xero_bills_${date}.csv`]);
    expect(xero.slice(1).map((row) => row[0])).toEqual(['Harbour Bakery', 'Ferry Café']);

    const pdfPath = `${zipPath}.pdf`;
    writeFileSync(pdfPath, entries[`snaptrack_receipts_${date}.pdf`]);
    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBe(3);
    expect(Buffer.from(entries['README.txt']).toString('utf8')).toContain('Entities:  Studio');
  });
});
