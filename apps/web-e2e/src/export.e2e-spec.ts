import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { DemoAccount } from '@snaptrack/contracts';
import { api, createTestAccount, stack } from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { ExportDialogPage } from './pages/export-dialog.page.js';

let browser: Browser;
let demoToken: string;
const opened: { close(): Promise<void> }[] = [];
const year = new Date().getFullYear();
const thisYear = { start_date: `${year}-01-01`, end_date: `${year}-12-31` };
const filters = { ...thisYear, entities: ['Acme Consulting'] };

beforeAll(async () => {
  browser = await launchBrowser();
  const { body } = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  demoToken = body.token as string;
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function signedIn(email: string, password: string): Promise<Page> {
  const { context, page } = await newPage(browser);
  opened.push(context);
  const login = new LoginPage(page);
  await login.open(stack.baseUrl);
  await login.signIn(email, password);
  await page.waitForURL(/\/dashboard/);
  return page;
}

function readCsv(file: string): string[][] {
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(bytes, { bom: true, record_delimiter: ['\r\n'] });
  return rows;
}

describe('the export dialog', () => {
  it('exports This Year of one entity as CSV, QuickBooks CSV and PDF', async () => {
    const expected = await api('/api/export/preview', { token: demoToken, body: { filters } });
    const all = await api('/api/export/preview', { token: demoToken, body: { filters: {} } });
    expect(expected.body.count).toBeGreaterThan(0);
    expect(expected.body.count).toBeLessThan(all.body.count);

    const page = await signedIn(DemoAccount.email, DemoAccount.password);
    const dialog = new ExportDialogPage(page);
    await dialog.open();
    await dialog.waitForPreview(all.body.count);
    await dialog.preset('This Year');
    await dialog.entity('Acme Consulting');
    const preview = await dialog.waitForPreview(expected.body.count);
    // The demo account's expenses are all in dollars: one total.
    expect(expected.body.totals).toHaveLength(1);
    const total = expected.body.totals[0].total.toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(preview).toContain(total);

    // CSV
    const csv = await dialog.exportAndDownload();
    expect(csv.suggestedFilename()).toMatch(/^snaptrack_expenses_\d{4}-\d{2}-\d{2}\.csv$/);
    const csvRows = readCsv(await csv.path());
    expect(csvRows[0][0]).toBe('Date');
    expect(csvRows).toHaveLength(expected.body.count + 1);
    expect(csvRows.slice(1).every((row) => row[4] === 'Acme Consulting')).toBe(true);
    expect(csvRows.slice(1).every((row) => row[0].startsWith(String(year)))).toBe(true);

    // QuickBooks: the customer is required first.
    await dialog.format('QuickBooks invoice CSV');
    await dialog.exportButton().click();
    await dialog
      .dialog()
      .getByRole('alert')
      .filter({ hasText: 'Please enter a customer name for QuickBooks export.' })
      .waitFor();
    await dialog.dialog().getByLabel('Customer').fill('Acme Consulting LLC');
    await dialog.dialog().getByLabel('Terms').selectOption('Net 60');
    const quickbooks = await dialog.exportAndDownload();
    expect(quickbooks.suggestedFilename()).toMatch(/^quickbooks_invoice_\d{4}-\d{2}-\d{2}\.csv$/);
    const qbRows = readCsv(await quickbooks.path());
    expect(qbRows).toHaveLength(expected.body.count + 1);
    expect(qbRows[1].slice(1, 7)).toEqual([
      'Acme Consulting LLC',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      'Net 60',
      '',
      'Reimbursable Expense',
    ]);

    // PDF: a job, a progress bar while it runs, then the download.
    await dialog.format('Receipt PDF');
    const pdf = await dialog.exportAndDownload(60_000);
    expect(pdf.suggestedFilename()).toMatch(/^snaptrack_receipts_\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfPath = await pdf.path();
    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBe(expected.body.count + 1);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Entities: Acme Consulting');
    for (const row of csvRows.slice(1)) expect(text).toContain(row[1].replace(/^'/, ''));
    await dialog.dialog().getByText('PDF downloaded.').waitFor();
  });

  it('disables Export when nothing matches', async () => {
    const account = await createTestAccount('export-empty');
    const page = await signedIn(account.email, account.password);
    const dialog = new ExportDialogPage(page);
    await dialog.open();
    await dialog.waitForPreview(0);
    expect(await dialog.exportButton().isDisabled()).toBe(true);
  });
});
