import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  assignReceiptAddress,
  newSubscribedAccount,
  renderReceipt,
  stack,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';

const run = promisify(execFile);
let browser: Browser;
let scratch: string;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  scratch = await mkdtemp(path.join(tmpdir(), 'snaptrack-mail-'));
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
  await rm(scratch, { recursive: true, force: true });
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

describe('receipts by email, on the dashboard', () => {
  it('a receipt sent with swaks appears on the dashboard, and the panel says so', async () => {
    const account = await newSubscribedAccount();
    const address = await assignReceiptAddress(account.token, `swaks${account.userId.slice(0, 6)}`);
    const image = path.join(scratch, 'receipt.jpg');
    await writeFile(
      image,
      await renderReceipt({ vendor: 'Lighthouse Cafe', date: '2026-11-18', total: '14.60' }),
    );

    await run('swaks', [
      '--to',
      address,
      '--from',
      'me@example.com',
      '--server',
      `127.0.0.1:${stack.smtpPort}`,
      '--header',
      'Subject: Lunch receipt',
      '--attach',
      `@${image}`,
      '--silent',
      '2',
    ]);

    const page = await signedIn(account.email, account.password);
    const dashboard = new DashboardPage(page);
    // The card appears once the mail is read; the vendor once OCR is done.
    const card = dashboard.card('Lighthouse Cafe');
    const deadline = Date.now() + 120_000;
    while ((await card.count()) === 0) {
      if (Date.now() > deadline) throw new Error('the mailed receipt never reached the dashboard');
      await page.waitForTimeout(2_000);
      await page.reload();
      await page.getByRole('region', { name: 'Email Integration' }).waitFor();
    }
    const panel = page.getByRole('region', { name: 'Email Integration' });
    await panel.getByText(address).waitFor();
    await panel.getByText('Lunch receipt').waitFor();
    await panel.getByText('1 receipt added').waitFor();
  });

  it("shows 'Set Up Email Forwarding' until dismissed, and remembers the dismissal", async () => {
    const account = await newSubscribedAccount();
    const page = await signedIn(account.email, account.password);
    const banner = page.getByRole('status').filter({ hasText: 'Set Up Email Forwarding' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Dismiss email forwarding banner' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('region', { name: 'Email Integration' }).waitFor();
    expect(await banner.count()).toBe(0);
  });
});
