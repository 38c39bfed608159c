import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';

// A second photo of one receipt (turned 90°, cropped, re-encoded: other bytes) is flagged on
// its card; the dialog shows both side by side, and Keep both keeps both and drops the flag.

let browser: Browser;
let account: TestAccount;
let firstId: string;
let copyId: string;
const opened: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('duplicates-e2e');
  const photo = await renderReceipt({
    vendor: 'WILLOW CREEK GROCER',
    date: '2026-05-02',
    total: '31.65',
    items: [
      ['Apples', '4.65'],
      ['Coffee beans', '27.00'],
    ],
  });
  const first = await uploadReceipt(account.token, photo, { entity: 'Personal' });
  firstId = (await waitForReceipt(account.token, first.body.expense.id)).id;
  const { width, height } = await sharp(photo).metadata();
  const copy = await sharp(photo)
    .extract({ left: 0, top: 0, width, height: Math.round(height * 0.95) })
    .rotate(90)
    .jpeg({ quality: 75 })
    .toBuffer();
  const second = await uploadReceipt(account.token, copy, { entity: 'Personal' });
  const read = await waitForReceipt(account.token, second.body.expense.id);
  copyId = read.id;
  expect(read.duplicate_of).toBe(firstId);
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

describe('a possible duplicate on the dashboard', () => {
  it('shows both receipts side by side, and Keep both keeps both', async () => {
    const { context, page } = await newPage(browser);
    opened.push(context);
    await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);

    const card = page.locator(`[data-expense-id="${copyId}"]`);
    await card.getByRole('button', { name: 'Possible duplicate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Possible duplicate of WILLOW CREEK GROCER/).waitFor();
    await dialog.getByRole('region', { name: 'This receipt' }).locator('img').waitFor();
    await dialog.getByRole('region', { name: 'Earlier receipt' }).locator('img').waitFor();

    await dialog.getByRole('button', { name: 'Keep both' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Possible duplicate' }).waitFor({ state: 'detached' });

    const list = await api('/api/expenses?limit=100', { token: account.token });
    const listed = list.body.expenses as { id: string; duplicate_of: string | null }[];
    expect(listed.map((expense) => expense.id).sort()).toEqual([firstId, copyId].sort());
    expect(listed.every((expense) => expense.duplicate_of === null)).toBe(true);
  });
});
