import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  api,
  createTestAccount,
  seedExpenses,
  stack,
  waitUntil,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { ExpenseEditor } from './pages/expense-editor.page.js';
import { SettingsDialog } from './pages/settings-dialog.page.js';

// A new account signed in from a Malaysian browser: its home currency comes from the locale;
// the summary never adds its ringgit and dollar expenses; a rate gives a converted total.

let browser: Browser;
let account: TestAccount;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('currency-e2e');
  const today = new Date().toISOString().slice(0, 10);
  await withDatabase((client) =>
    seedExpenses(client, account.id, [
      { vendor: 'Diner', amount: '100.00', currency: 'USD', expense_date: today },
      { vendor: 'Kedai Kopi', amount: '45.10', currency: 'MYR', expense_date: today },
    ]),
  );
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

const homeCurrency = async () =>
  (await api('/api/user/currency', { token: account.token })).body as {
    home_currency: string;
    home_currency_set: boolean;
  };

describe('money in more than one currency', () => {
  it('takes the home currency from the locale, shows totals per currency and converts at a rate', async () => {
    const { context, page } = await newPage(browser, { locale: 'ms-MY' });
    opened.push(context);
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    await login.signIn(account.email, account.password);
    await page.waitForURL(/\/dashboard/);
    const dashboard = new DashboardPage(page);
    await dashboard.cards().first().waitFor();

    // The first signed-in visit stores the locale's currency, and the locale itself.
    await waitUntil(async () => (await homeCurrency()).home_currency_set, {
      what: 'the home currency to be stored',
    });
    expect(await homeCurrency()).toEqual({
      success: true,
      home_currency: 'MYR',
      home_currency_set: true,
      locale: 'ms-MY',
    });
    const total = dashboard.summaryCard('Total Spent');
    await total.getByText('MYR only; also $100.00').waitFor();
    expect(await total.locator('.summary-card__value').textContent()).toBe('MYR\u00a045.10');

    // Settings → Currency: dollars.
    await dashboard.settingsButton().click();
    const settings = new SettingsDialog(page);
    await settings.homeCurrency().selectOption('USD');
    await waitUntil(async () => (await homeCurrency()).home_currency === 'USD', {
      what: 'USD to be the home currency',
    });
    expect((await homeCurrency()).home_currency).toBe('USD');
    expect(await seriousViolations(page)).toEqual([]);
    await settings.close();
    await total.getByText('USD only; also MYR\u00a045.10').waitFor();
    expect(await total.locator('.summary-card__value').textContent()).toBe('$100.00');

    // A rate on the ringgit expense: one converted total, labelled.
    const card = dashboard.card('Kedai Kopi');
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = new ExpenseEditor(page, card);
    expect(await editor.field('Currency').inputValue()).toBe('MYR');
    await editor.exchangeRate().fill('0.2');
    expect(await seriousViolations(page)).toEqual([]);
    await editor.save();
    await total.getByText('Converted to USD at your rates').waitFor();
    expect(await total.locator('.summary-card__value').textContent()).toBe('$109.02');

    // The same expense in dollars has no rate field.
    await dashboard.card('Diner').getByRole('button', { name: 'Edit' }).click();
    const dollars = new ExpenseEditor(page, dashboard.card('Diner'));
    await dollars.field('Currency').waitFor();
    expect(await dollars.exchangeRate().count()).toBe(0);
  });
});
