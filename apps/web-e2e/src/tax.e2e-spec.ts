import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  api,
  createTestAccount,
  seedExpenses,
  stack,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { ExpenseEditor } from './pages/expense-editor.page.js';
import { StatisticsPage } from './pages/statistics.page.js';

// A receipt's tax as the user sees it: on the card per rate, corrected in the edit form, and
// summed per entity under "Tax paid" on the Statistics page. An expense without a known tax
// says so instead of showing 0.

let browser: Browser;
let account: TestAccount;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('tax-e2e');
  await api('/api/entities', { token: account.token, body: { name: 'Harbor Studio' } });
  const today = new Date().toISOString().slice(0, 10);
  const receipt = {
    currency: 'EUR',
    expense_date: today,
    extraction_method: 'image',
    entity: 'Harbor Studio',
    ocr_confidence: 0.9,
  } as const;
  await withDatabase((client) =>
    seedExpenses(client, account.id, [
      {
        ...receipt,
        vendor: 'Markthalle',
        amount: '35.55',
        tax_amount: '4.61',
        tax_lines: JSON.stringify([
          { rate: 19, tax: 3.87, net: 20.36, gross: 24.23 },
          { rate: 7, tax: 0.74, net: 10.58, gross: 11.32 },
        ]),
        image_key: `receipts/${account.id}/markthalle.jpg`,
      },
      {
        ...receipt,
        vendor: 'Corner Cafe',
        amount: '10.70',
        tax_amount: null,
        tax_lines: null,
        image_key: `receipts/${account.id}/cafe.jpg`,
      },
    ]),
  );
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

describe('tax', () => {
  it('is shown per rate on the card, edited in the form, and summed under Tax paid', async () => {
    const { context, page } = await newPage(browser);
    opened.push(context);
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    await login.signIn(account.email, account.password);
    await page.waitForURL(/\/dashboard/);
    const dashboard = new DashboardPage(page);
    await dashboard.waitForAllCards();

    const card = dashboard.card('Markthalle');
    await card.getByText('Tax €4.61 (19% €3.87 · 7% €0.74)').waitFor();
    await dashboard.card('Corner Cafe').getByText('Tax not read').waitFor();

    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = new ExpenseEditor(page, card);
    expect(await editor.field('Tax').inputValue()).toBe('4.61');
    // More than the total: refused beside the field with the server's words.
    await editor.field('Tax').fill('40');
    await editor.form.getByRole('button', { name: 'Save' }).click();
    await editor.form.getByText('Tax cannot be more than the total amount.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await editor.field('Tax').fill('4.62');
    await editor.save();
    // The lines no longer add up to it: the card shows the tax alone.
    await card.getByText('Tax €4.62', { exact: true }).waitFor();

    await dashboard.card('Corner Cafe').getByRole('button', { name: 'Edit' }).click();
    const cafe = new ExpenseEditor(page, dashboard.card('Corner Cafe'));
    await cafe.field('Tax').fill('1.71');
    await cafe.save();
    await dashboard.card('Corner Cafe').getByText('Tax €1.71', { exact: true }).waitFor();

    await page.goto(`${stack.baseUrl}/statistics`);
    const statistics = new StatisticsPage(page);
    await statistics.period('This Month').click();
    const taxPaid = statistics.section('Tax paid');
    await taxPaid.getByText('EUR: €6.33').waitFor();
    const row = taxPaid.locator('.ranked-list__item').filter({ hasText: 'Harbor Studio' });
    expect(await row.locator('.ranked-list__detail').textContent()).toBe('2 receipts');
    expect(await row.locator('.ranked-list__total').textContent()).toBe('€6.33');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
