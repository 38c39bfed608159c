import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AmountMessages, ChangePasswordMessages } from '@snaptrack/contracts';
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
import { AccountSettingsPage } from './pages/account-settings.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { ExpenseEditor } from './pages/expense-editor.page.js';
import { LoginPage } from './pages/login.page.js';
import { ReviewPage } from './pages/review.page.js';
import { SettingsDialog } from './pages/settings-dialog.page.js';

// Issue 29, items 1, 2, 3, 4, 5 and 13: edits that lost or corrupted data, Sign Out that ended
// every device, bookmarks on a single host, and changing the password. One account, one
// receipt that could not be read (fast, editable in the card and in review).

let browser: Browser;
let account: TestAccount;
let expenseId: string;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('edits-e2e');
  await api('/api/user/settings', {
    token: account.token,
    body: { entities: ['Personal'], tags: ['Travel', 'Taxi'] },
  });
  const image = await renderReceipt({ vendor: 'TORN PAGES', date: '2026-02-04', total: '9.99' });
  const upload = await uploadReceipt(account.token, image.subarray(0, image.length / 3), {
    entity: 'Personal',
  });
  expenseId = upload.body.expense.id as string;
  await waitForReceipt(account.token, expenseId);
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function signedIn(viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser, { viewport });
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  return { context, page };
}

async function openCardEditor(page: Page): Promise<ExpenseEditor> {
  const card = page.locator(`article[data-expense-id="${expenseId}"]`);
  await card.getByRole('button', { name: 'Edit' }).click();
  return new ExpenseEditor(page, card);
}

async function savedAmount(): Promise<number> {
  const { body } = await api(`/api/expenses?limit=100`, { token: account.token });
  return body.expenses.find((e: { id: string }) => e.id === expenseId).amount as number;
}

describe('Escape in review (issue 29, item 2)', () => {
  it('closes the suggestions only, asks before dropping changes, and ↓ Enter adds the suggestion', async () => {
    const { page } = await signedIn();
    const review = new ReviewPage(page);
    await review.open(stack.baseUrl);
    // It runs before the amount is saved: an edited receipt leaves the queue.
    await review.position().waitFor();
    await page.keyboard.press('e');
    const form = page.locator('form.expense-form');
    await form.getByLabel('Vendor').waitFor();
    await form.getByLabel('Date', { exact: true }).fill('2026-02-05');
    await form.getByLabel('Currency', { exact: true }).selectOption('EUR');
    const tags = form.getByPlaceholder('Add a tag');
    await tags.fill('T');
    const list = form.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option', { name: 'Travel' }).waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    // The form and every change are still there.
    await expect(form.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe('2026-02-05');
    await expect(form.getByLabel('Currency', { exact: true }).inputValue()).resolves.toBe('EUR');

    // ↓ Enter adds the suggestion, not the typed "T".
    await tags.press('ArrowDown');
    await list
      .getByRole('option', { name: 'Taxi' })
      .or(list.getByRole('option', { name: 'Travel' }))
      .first()
      .waitFor();
    const chosen = await list.locator('[aria-selected="true"]').textContent();
    await tags.press('Enter');
    await form.locator('.tag-editor__chips .chip', { hasText: chosen ?? '' }).waitFor();
    await expect(form.locator('.tag-editor__chips .chip').allTextContents()).resolves.toEqual([
      chosen,
    ]);

    // The other suggestion is offered again: the first Escape closes it, the next one asks
    // before the form goes; Keep editing keeps everything. The list is waited for without the
    // chosen tag: the list of before the Enter could still be up, and Escape would close that
    // one while the new one opens (a CI run then waited 15 s for the question).
    await list.getByRole('option', { name: chosen ?? '' }).waitFor({ state: 'detached' });
    await list.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(form.getByLabel('Currency', { exact: true }).inputValue()).resolves.toBe('EUR');
    // Back in the tag field, the list is open again and Escape closes only it. Cancel asks too;
    // Discard changes closes the form.
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    await expect(form.isVisible()).resolves.toBe(true);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await form.waitFor({ state: 'detached' });
  });
});

describe('the amount field (issue 29, item 1)', () => {
  it.each([1280, 390])(
    'saves 2,51 as 2.51 and refuses -5 beside the field at %i px',
    async (width) => {
      const { page } = await signedIn({ width, height: 900 });
      await new DashboardPage(page).waitForAllCards();
      let editor = await openCardEditor(page);
      await editor.field('Amount').fill('-5');
      await editor.form.getByRole('button', { name: 'Save' }).click();
      const error = editor.form.getByRole('alert').filter({ hasText: AmountMessages.negative });
      await error.waitFor();
      await expect(editor.field('Amount').getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(seriousViolations(page)).resolves.toEqual([]);
      // Nothing was saved, and what was typed is still there to fix.
      await expect(editor.field('Amount').inputValue()).resolves.toBe('-5');

      // The receipt could not be read, so it has no date ("Date not read"): it needs one to save.
      await editor.field('Date').fill('2026-02-04');
      await editor.field('Amount').fill(width === 1280 ? '2,51' : '3,75');
      await editor.field('Vendor').focus();
      await expect(editor.field('Amount').inputValue()).resolves.toBe(
        width === 1280 ? '2.51' : '3.75',
      );
      await editor.save();
      expect(await savedAmount()).toBe(width === 1280 ? 2.51 : 3.75);
      editor = await openCardEditor(page);
      await expect(editor.field('Amount').inputValue()).resolves.toBe(
        width === 1280 ? '2.51' : '3.75',
      );
    },
  );
});

describe('Settings (issue 29, item 3)', () => {
  it('says why an entity name that exists is refused', async () => {
    const { page } = await signedIn();
    const dashboard = new DashboardPage(page);
    await dashboard.waitForAllCards();
    await dashboard.settingsButton().click();
    const settings = new SettingsDialog(page);
    await settings.entity('Personal').waitFor();
    await settings.addEntity('personal');
    await settings.dialog
      .getByRole('alert')
      .filter({ hasText: "You already have an entity named 'Personal'." })
      .waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await expect(settings.entities().count()).resolves.toBe(1);
  });

  it('confirms an entity removal with its expenses and moves them to another entity', async () => {
    for (const name of ['Old Studio', 'New Studio']) {
      await api('/api/entities', { token: account.token, body: { name } });
    }
    const filed = await api(`/api/expenses/${expenseId}`, {
      method: 'PATCH',
      token: account.token,
      body: { entity: 'Old Studio' },
    });
    expect(filed.status).toBe(200);
    const { page } = await signedIn();
    const dashboard = new DashboardPage(page);
    await dashboard.waitForAllCards();
    await dashboard.settingsButton().click();
    const settings = new SettingsDialog(page);
    const confirm = await settings.removeEntity('Old Studio', 'New Studio');
    await confirm.getByText("1 expense is filed under 'Old Studio'.").waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await confirm.getByRole('button', { name: 'Remove entity' }).click();
    await settings.entity('Old Studio').waitFor({ state: 'detached' });
    await settings.close();
    await page
      .locator(`article[data-expense-id="${expenseId}"]`)
      .filter({ hasText: 'New Studio' })
      .waitFor();
  });
});

describe('sessions and the password (issue 29, items 4, 5 and 13)', () => {
  it('opens a bookmarked app route in a new tab on the single host', async () => {
    const { context } = await signedIn();
    const tab = await context.newPage();
    await tab.goto(`${stack.baseUrl}/dashboard`);
    await tab.getByRole('heading', { name: 'Upload receipts' }).waitFor();
    await tab.close();
    // The host rule still holds for the landing page: a new tab of / shows it.
    const landing = await context.newPage();
    await landing.goto(`${stack.baseUrl}/`);
    await landing.getByText('Receipt Hell is Real').first().waitFor();
    await landing.close();
  });

  it('Sign Out ends one device; change password ends the others and keeps this one', async () => {
    const first = await signedIn();
    const second = await signedIn({ width: 390, height: 844 });

    await first.page.getByRole('button', { name: 'Sign Out' }).click();
    await first.page.waitForURL(/\/login/);
    // The other device is still signed in.
    const settings = new AccountSettingsPage(second.page);
    await settings.open(stack.baseUrl);

    const third = await signedIn();
    await second.page.getByLabel('Current password').fill('not the password');
    await second.page.getByLabel('New password', { exact: true }).fill('a fresh secret 29');
    await second.page.getByLabel('Confirm new password').fill('a fresh secret 29');
    await second.page.getByRole('button', { name: 'Change password' }).click();
    await second.page
      .getByRole('alert')
      .filter({ hasText: ChangePasswordMessages.wrongCurrent })
      .waitFor();
    await expect(seriousViolations(second.page)).resolves.toEqual([]);

    await second.page.getByLabel('Current password').fill(account.password);
    await second.page.getByRole('button', { name: 'Change password' }).click();
    await second.page
      .getByRole('status')
      .filter({ hasText: ChangePasswordMessages.changed })
      .waitFor();
    account.password = 'a fresh secret 29';
    // This device carries on; the other one is signed out.
    await second.page.reload();
    await second.page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await third.page.reload();
    await third.page.waitForURL(/\/login/);

    // Sign out everywhere ends this device too.
    await second.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await second.page.waitForURL(/\/login/);
  });
});
