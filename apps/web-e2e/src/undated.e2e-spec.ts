import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { Expense } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { ExpenseEditor } from './pages/expense-editor.page.js';

// Unknown stays unknown: a receipt that prints no date is read through the real pipeline, and
// its expense says "Date not read" (never the upload day) until the user types the date.

let browser: Browser;
let account: TestAccount;
let expense: Expense;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('undated-e2e');
  await api('/api/entities', { token: account.token, body: { name: 'Field Work' } });
  // The date line holds words: nothing on the receipt is a date.
  const image = await renderReceipt({
    vendor: 'HARBOR LIGHT CAFE',
    date: '2026-02-03',
    printedDate: 'see stamp',
    total: '$18.40',
  });
  const upload = await uploadReceipt(account.token, image, { entity: 'Field Work' });
  expect(upload.status).toBe(202);
  expense = (await waitForReceipt(account.token, upload.body.expense.id)) as Expense;
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

const queue = async () =>
  (
    (await api('/api/expenses?review=needed&limit=100', { token: account.token })).body
      .expenses as Expense[]
  ).map((e) => e.id);

describe('a receipt without a date', () => {
  it('shows "Date not read" until the user sets the date, which the form never makes up', async () => {
    expect(expense).toMatchObject({ status: 'ready', expense_date: null });
    expect(await queue()).toEqual([expense.id]);

    const { context, page } = await newPage(browser);
    opened.push(context);
    await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
    const dashboard = new DashboardPage(page);
    await dashboard.waitForAllCards();
    const card = dashboard.cards().first();
    expect(await card.locator('.expense-card__date').textContent()).toBe('Date not read');
    // Not in this month's figures, and the Receipts card says so.
    await dashboard.summaryCard('Receipts').getByText('1 without a date, not counted').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = new ExpenseEditor(page, card);
    const date = editor.field('Date');
    expect(await date.inputValue()).toBe('');
    // Saving without a date is stopped by the form itself: nothing is sent.
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.url());
    });
    await editor.form.getByRole('button', { name: 'Save' }).click();
    expect(await date.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    expect(await editor.form.isVisible()).toBe(true);
    expect(patches).toEqual([]);

    await date.fill('2026-02-03');
    await editor.save();
    expect(await card.locator('.expense-card__date').textContent()).toBe('Feb 3, 2026');
    const saved = (await api(`/api/expenses/${expense.id}`, { token: account.token })).body
      .expense as Expense;
    expect(saved).toMatchObject({ expense_date: '2026-02-03' });
    // Set by hand: the date no longer holds it in the review queue (its other fields may).
    expect(saved.edited_fields).toContain('expense_date');
  });
});
