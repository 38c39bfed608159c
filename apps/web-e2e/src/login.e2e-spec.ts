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

describe('signing in through the web app', () => {
  it('shows the login page on ?app=true and takes the demo account to the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${stack.baseUrl}/?app=true`);
    await page.waitForURL(/\/login/);
    // The route's screen loads after the URL changes: wait for it, never count at once.
    await page.getByText('Snap it, Track it.').first().waitFor();
    await new LoginPage(page).signIn(DemoAccount.email, DemoAccount.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByText(DemoAccount.email).first().waitFor();
    await context.close();
  });

  it('asks for both fields, then shows the server error in a banner', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    await login.signIn('', '');
    await page.getByText('Please enter both email and password').waitFor();
    await login.signIn(DemoAccount.email, 'wrong-password');
    await page.getByText('Invalid email or password.').waitFor();
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('shows the marketing landing page on localhost without ?app=true, also for unknown paths', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${stack.baseUrl}/no-such-page`);
    await page
      .getByRole('link', { name: /Start Tracking/ })
      .first()
      .waitFor();
    await context.close();
  });

  it('signs out and returns to the login page', async () => {
    const { context, page } = await newPage(browser);
    await new LoginPage(page).open(stack.baseUrl);
    await new LoginPage(page).signIn(DemoAccount.email, DemoAccount.password);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${stack.baseUrl}/dashboard?app=true`);
    await page.waitForURL(/\/login/);
    await context.close();
  });
});
