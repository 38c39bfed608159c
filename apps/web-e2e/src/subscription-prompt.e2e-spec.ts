import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  api,
  createTestAccount,
  renderReceipt,
  stack,
  subscribeInBilling,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('the server paywall in the web app', () => {
  it('turns a 402 on upload into a subscription prompt on the upload card', async () => {
    const account = await createTestAccount('prompt');
    await api('/api/entities', { token: account.token, body: { name: 'Field Work' } });
    const { context, page } = await newPage(browser);
    try {
      const login = new LoginPage(page);
      await login.open(stack.baseUrl);
      await login.signIn(account.email, account.password);
      await page.waitForURL(/\/dashboard/);
      await page.getByRole('heading', { name: 'Upload receipts' }).waitFor();

      // The subscription ends while the dashboard is open.
      await subscribeInBilling(
        { userId: account.id, email: account.email },
        { status: 'canceled', periodEnd: new Date(Date.now() - 60_000) },
      );
      await page.getByLabel('Entity', { exact: true }).selectOption('Field Work');
      await page.getByTestId('receipt-files').setInputFiles({
        name: 'late.jpg',
        mimeType: 'image/jpeg',
        buffer: await renderReceipt({ vendor: 'LATE CAFE', date: '2026-06-01', total: '3.10' }),
      });
      const prompt = page.getByRole('status').filter({ hasText: 'Subscription required' });
      await prompt.waitFor();
      await expect(prompt.textContent()).resolves.toContain(
        'An active subscription is required to add receipts.',
      );
      const link = page.getByTestId('subscription-prompt-link');
      expect(await link.getAttribute('href')).toBe('/signup');
    } finally {
      await context.close();
    }
  });
});
