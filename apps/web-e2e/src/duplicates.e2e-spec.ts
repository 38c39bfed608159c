import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import {
  api,
  assignReceiptAddress,
  createTestAccount,
  renderReceipt,
  settledExpenses,
  stack,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';

// A second photo of one receipt (turned 90°, cropped, re-encoded: other bytes) is flagged on
// its card; the dialog shows both side by side, and Keep both keeps both and drops the flag.
// The same for a copy mailed to the receipt address through the real SMTP port (swaks), as a
// phone's mail app sends a photo: smaller and re-encoded.

const run = promisify(execFile);

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

interface Listed {
  id: string;
  status: string;
  duplicate_of: string | null;
  duplicate_reason: string | null;
}

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

describe('a receipt uploaded, then mailed in', () => {
  it('flags the mailed copy as a possible duplicate of the upload, and Keep both keeps both', async () => {
    const mailer = await createTestAccount('duplicates-mail-e2e');
    const address = await assignReceiptAddress(
      mailer.token,
      `dup${mailer.id.replace(/-/g, '').slice(0, 8)}`,
    );

    const photo = await renderReceipt({
      vendor: 'LIGHTHOUSE CAFE',
      date: '2026-06-14',
      total: '18.40',
      items: [
        ['Chowder', '11.90'],
        ['Lemonade', '6.50'],
      ],
    });
    const upload = await uploadReceipt(mailer.token, photo, { entity: 'Personal' });
    const uploadedId = (await waitForReceipt(mailer.token, upload.body.expense.id)).id;

    const scratch = await mkdtemp(path.join(tmpdir(), 'snaptrack-dup-mail-'));
    try {
      const mailed = path.join(scratch, 'IMG_0412.jpg');
      await writeFile(
        mailed,
        await sharp(photo).resize({ width: 520 }).jpeg({ quality: 70 }).toBuffer(),
      );
      await run('swaks', [
        '--to',
        address,
        '--from',
        'me@example.com',
        '--server',
        `127.0.0.1:${stack.smtpPort}`,
        '--header',
        'Subject: Lunch',
        '--attach',
        `@${mailed}`,
        '--silent',
        '2',
      ]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    const expenses = await settledExpenses<Listed>(mailer.token, 2);
    const copy = expenses.find((expense) => expense.id !== uploadedId)!;
    expect(copy).toMatchObject({ duplicate_of: uploadedId, duplicate_reason: 'image' });

    const { context, page } = await newPage(browser);
    opened.push(context);
    await new LoginPage(page).signInToDashboard(stack.baseUrl, mailer.email, mailer.password);
    const card = page.locator(`[data-expense-id="${copy.id}"]`);
    await card.getByRole('button', { name: 'Possible duplicate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Possible duplicate of LIGHTHOUSE CAFE/).waitFor();
    await dialog.getByText('Same picture').waitFor();
    await dialog.getByRole('region', { name: 'Earlier receipt' }).locator('img').waitFor();

    await dialog.getByRole('button', { name: 'Keep both' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Possible duplicate' }).waitFor({ state: 'detached' });
    const after = await settledExpenses<Listed>(mailer.token, 2);
    expect(after.map((expense) => expense.id).sort()).toEqual([uploadedId, copy.id].sort());
    expect(after.every((expense) => expense.duplicate_of === null)).toBe(true);
  });
});
