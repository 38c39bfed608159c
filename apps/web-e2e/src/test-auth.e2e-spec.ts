import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DemoAccount } from '@snaptrack/contracts';
import { stack } from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('/test-auth', () => {
  it('shows the signed-in user, the token claims with time left, and that the gateway accepts it', async () => {
    const { context, page } = await newPage(browser);
    try {
      const login = new LoginPage(page);
      await login.open(stack.baseUrl);
      await login.signIn(DemoAccount.email, DemoAccount.password);
      await page.waitForURL(/\/dashboard/);
      await page.goto(`${stack.baseUrl}/test-auth?app=true`);
      await page.getByRole('heading', { name: 'Auth Diagnostics' }).waitFor();
      await page.getByText(DemoAccount.email).waitFor();
      await page.getByText(DemoAccount.id).waitFor();
      await page.getByTestId('token-accepted').filter({ hasText: 'Yes' }).waitFor();
      const left = await page
        .locator('dt', { hasText: 'Time left' })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
      expect(left).toMatch(/^\d+h \d+m \d+s$/);
    } finally {
      await context.close();
    }
  });
});
