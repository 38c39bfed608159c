import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  createTestAccount,
  renderReceipt,
  seedExpenses,
  stack,
  uploadReceipt,
  waitForReceipt,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { LoginPage } from './pages/login.page.js';

// Issue 30, "Find any receipt": the search box and filters above the expense list.

let browser: Browser;
let account: TestAccount;
let receiptId: string;
const opened: BrowserContext[] = [];

// Typed by hand (no receipt text): only the receipt read by the real reader holds "pistachio".
const TYPED = [
  { vendor: 'Harbor Books', amount: '18.00', date: '2026-02-10' },
  { vendor: 'City Parking', amount: '6.50', date: '2026-02-11' },
  { vendor: 'Grand Hotel', amount: '240.00', date: '2026-02-12' },
  { vendor: 'Metro Taxi', amount: '31.20', date: '2026-02-13' },
];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('search-e2e');
  await api('/api/user/settings', {
    token: account.token,
    body: { entities: ['Personal'], tags: [] },
  });
  const image = await renderReceipt({
    vendor: 'MORNING CRUMB',
    date: '2026-02-09',
    total: '$9.40',
    items: [
      ['Pistachio croissant', '4.90'],
      ['Oat latte', '4.50'],
    ],
  });
  const upload = await uploadReceipt(account.token, image, { entity: 'Personal' });
  expect([upload.status, upload.body.error]).toEqual([202, undefined]);
  receiptId = upload.body.expense.id as string;
  await waitForReceipt(account.token, receiptId);
  await withDatabase((client) =>
    seedExpenses(
      client,
      account.id,
      TYPED.map((row) => ({
        vendor: row.vendor,
        amount: row.amount,
        expense_date: row.date,
        status: 'ready',
        extraction_method: 'manual',
      })),
    ),
  );
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function signedIn(viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, { viewport });
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  const dashboard = new DashboardPage(page);
  await dashboard.waitForAllCards();
  return { page, dashboard };
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search expenses' });
}

/** The vendors the list shows, once the list shows `count` cards. */
async function vendorsWhen(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('article.expense-card').length === n &&
      !document.querySelector('.expense-grid[aria-busy]'),
    count,
  );
  return page.locator('article.expense-card .expense-card__vendor').allTextContents();
}

describe('searching the expense list', () => {
  it('finds a receipt by a word only its text holds, and marks it there', async () => {
    const { page } = await signedIn();
    expect(await vendorsWhen(page, TYPED.length + 1)).toHaveLength(TYPED.length + 1);

    await searchBox(page).fill('pistachio');
    await page.waitForURL(/[?&]q=pistachio\b/);
    expect(await vendorsWhen(page, 1)).toEqual(['MORNING CRUMB']);
    const card = page.locator(`article[data-expense-id="${receiptId}"]`);
    // The vendor does not say why it was found: the receipt's extract does, the word marked.
    const extract = card.locator('.expense-card__receipt-match');
    await extract.waitFor();
    expect((await extract.locator('mark').allTextContents()).map((t) => t.toLowerCase())).toEqual([
      'pistachio',
    ]);
    // The summary cards count what the search selects.
    const receipts = page.getByRole('region', { name: 'Summary of the search' });
    await page.waitForFunction(() =>
      /Receipts,?\s*1(?!\d)/.test(
        document.querySelector('[aria-label="Summary of the search"]')?.textContent ?? '',
      ),
    );
    expect(await receipts.textContent()).toContain('Matching your search');
  });

  it('narrows the list by amount, keeps the filters in the URL through a reload and back', async () => {
    const { page } = await signedIn();
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Min amount').fill('10');
    await page.waitForURL(/[?&]min_amount=10\b/);
    expect((await vendorsWhen(page, 3)).sort()).toEqual(
      ['Grand Hotel', 'Harbor Books', 'Metro Taxi'].sort(),
    );
    await page.getByLabel('Max amount').fill('100');
    await page.waitForURL(/[?&]max_amount=100\b/);
    expect((await vendorsWhen(page, 2)).sort()).toEqual(['Harbor Books', 'Metro Taxi']);

    // An amount typed into the search box narrows too, alongside the filters.
    await searchBox(page).fill('>20');
    await page.waitForURL(/[?&]q=%3E20\b/);
    expect(await vendorsWhen(page, 1)).toEqual(['Metro Taxi']);

    await page.reload();
    expect(await vendorsWhen(page, 1)).toEqual(['Metro Taxi']);
    expect(await searchBox(page).inputValue()).toBe('>20');
    expect(await page.getByLabel('Min amount').inputValue()).toBe('10');
    expect(await page.getByLabel('Max amount').inputValue()).toBe('100');

    // Back undoes the last search; the form follows the URL.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    expect((await vendorsWhen(page, 2)).sort()).toEqual(['Harbor Books', 'Metro Taxi']);
    expect(await searchBox(page).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    expect(await vendorsWhen(page, TYPED.length + 1)).toHaveLength(TYPED.length + 1);
  });

  it('fits a phone: nothing wider than the screen with the filters open', async () => {
    const { page } = await signedIn({ width: 390, height: 844 });
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Max amount').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await searchBox(page).boundingBox();
    expect(box!.width).toBeGreaterThan(200);
  });
});
