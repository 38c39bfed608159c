import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  api,
  createTestAccount,
  seedExpenses,
  stack,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { seriousViolations } from './support/axe.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { LoginPage } from './pages/login.page.js';
import { StatisticsPage } from './pages/statistics.page.js';

// Issue 30, "Split one receipt": a receipt split 60/40 in the browser counts 60 under one
// entity and 40 under the other on the statistics page, never 100 under either.

let browser: Browser;
let account: TestAccount;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('splits-e2e');
  await api('/api/user/settings', {
    token: account.token,
    body: { entities: ['Personal', 'Northwind', 'Southwind'], tags: [] },
  });
  await withDatabase((client) =>
    seedExpenses(client, account.id, [
      {
        vendor: 'Office Depot',
        amount: '100.00',
        expense_date: '2026-02-10',
        status: 'ready',
        extraction_method: 'manual',
      },
    ]),
  );
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

describe('a split receipt', () => {
  it("a split receipt's parts in two entities' totals", async () => {
    const { context, page } = await newPage(browser);
    opened.push(context);
    await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
    const dashboard = new DashboardPage(page);
    await dashboard.waitForAllCards();
    const card = dashboard.card('Office Depot');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('button', { name: 'Split receipt' }).click();

    const dialog = page.getByRole('dialog', { name: 'Split this receipt' });
    await dialog.waitFor();
    // Escape closes it, nothing saved; opened again from the edit form.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('button', { name: 'Split receipt' }).click();
    await dialog.waitFor();

    await dialog.getByLabel('Percentage of part 1').fill('60');
    await dialog.getByLabel('Entity of part 1').selectOption('Northwind');
    await dialog.getByLabel('Entity of part 2').selectOption('Southwind');
    await dialog.getByLabel('Tags of part 2').fill('Meals');
    expect(await dialog.getByLabel('Percentage of part 2').inputValue()).toBe('40');
    expect(await dialog.getByRole('status').textContent()).toBe('$60.00 + $40.00 = $100.00');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save split' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The list shows the receipt as split, with its parts.
    const parts = card.getByRole('list', { name: 'Split parts' }).getByRole('listitem');
    await parts.first().waitFor();
    expect(await parts.allTextContents()).toEqual([
      'Northwind $60.00 (60%)',
      'Southwind $40.00 (40%) · Meals',
    ]);
    // Still one receipt of $100.00.
    expect(await card.locator('.expense-card__amount').textContent()).toBe('$100.00');

    await dashboard.analyticsLink().click();
    await page.waitForURL(/\/statistics/);
    const statistics = new StatisticsPage(page);
    await statistics.period('All Time').click();
    const breakdown = statistics.section('Entity Breakdown');
    const bar = (name: string) =>
      breakdown.locator('li.entity-bar').filter({ hasText: name }).locator('.entity-bar__total');
    await bar('Northwind').waitFor();
    expect(await bar('Northwind').textContent()).toBe('$60.00 · 60.0%');
    expect(await bar('Southwind').textContent()).toBe('$40.00 · 40.0%');
    expect(await breakdown.locator('li.entity-bar').count()).toBe(2);
    expect(await statistics.card('Total Spent').textContent()).toBe('$100.00');
  });
});
