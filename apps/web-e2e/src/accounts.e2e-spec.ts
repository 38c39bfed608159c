import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import {
  mailsFor,
  newEmail,
  newSubscribedAccount,
  paidSetupLink,
  stack,
  waitForMail,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { AccountSettingsPage } from './pages/account-settings.page.js';
import { ProviderLoginPage } from './pages/provider-login.page.js';

let browser: Browser;

/** A subscribed account signed in through the UI, on its account settings page. */
async function signedInSettings() {
  const account = await newSubscribedAccount();
  const { context, page } = await newPage(browser);
  const login = new LoginPage(page);
  await login.open(stack.baseUrl);
  await login.signIn(account.email, account.password);
  await page.waitForURL(/\/dashboard/);
  const settings = new AccountSettingsPage(page);
  await settings.open(stack.baseUrl);
  return { account, context, page, settings };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

describe('accounts through the web app', () => {
  it('forgot password: dialog, link from the outbox, new password, sign-in', async () => {
    const account = await newSubscribedAccount();
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Your Password' });
    await dialog.getByLabel('Email address').fill(account.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('dialog', { name: 'Check Your Email' }).waitFor();
    await page
      .getByText('If an account exists with this email, you will receive a password reset link.')
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    const mail = await waitForMail(account.email, 'password-reset');
    await page.goto(mail.link ?? '');
    await page.waitForURL(/\/reset-password\?/);
    await page.getByText(`Choose a new password for ${account.email}`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('fresh start 2026');
    await page.getByLabel('Confirm new password', { exact: true }).fill('fresh start 2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('fresh start 2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful').waitFor();
    // After 3 s the login page, with the message in a green banner.
    await page.waitForURL(/\/login/, { timeout: 6_000 });
    const banner = page.getByRole('status').filter({ hasText: 'reset successfully' });
    await banner.waitFor();
    await login.signIn(account.email, 'fresh start 2026');
    await page.waitForURL(/\/dashboard/);
    await context.close();
  });

  it('setup link → onboarding → username → dashboard', async () => {
    const email = newEmail('newbie');
    const { link } = await paidSetupLink(email);
    const { context, page } = await newPage(browser);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('my new password');
    await page.getByLabel('Confirm password').fill('my new password');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await page.waitForURL(/\/onboarding/);
    await page.getByRole('button', { name: 'Get Started' }).click();
    const username = `n${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByText('✓ Available').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`${username}@snaptrack.localhost`).waitFor();
    await page.getByRole('button', { name: 'Start Using' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByText(`${username}@snaptrack.localhost`).waitFor();

    // A used setup link shows the invalid-link view.
    await page.goto(link);
    await page.getByRole('button', { name: 'Set Password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('another password');
    await page.getByLabel('Confirm password').fill('another password');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page
      .getByText('This setup link has expired or already been used. Please contact support.')
      .waitFor();
    await page.getByRole('button', { name: 'Go to Login' }).waitFor();
    await context.close();
  });

  it('refuses a username change inside 24 hours, naming the hours left', async () => {
    const { context, page, settings } = await signedInSettings();
    await settings.openUsernameDialog();
    const first = `c${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Username' }).fill(first);
    await page.getByText('✓ Available').waitFor();
    await page.getByRole('button', { name: 'Assign' }).click();
    await page.getByText(`${first}@snaptrack.localhost`).waitFor();

    await settings.openUsernameDialog();
    await page.getByText('You can change your username again in 24 hours.').waitFor();
    expect(await page.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('Google sign-in and linking against the loopback OpenID provider', async () => {
    // Linking: a password account links the Google account with the same address.
    const { account, context, page, settings } = await signedInSettings();
    await settings.method('Email & password').filter({ hasText: '✓' }).waitFor();
    await page.getByRole('button', { name: 'Link Google' }).click();
    await new ProviderLoginPage(page).signInAs(account.email);
    await page.waitForURL(/\/account-settings/);
    await page.getByText('Account linked successfully!').waitFor();
    await settings.method('Google').filter({ hasText: '✓' }).waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/login/);
    await context.close();

    // Sign-in: 'Continue with Google' takes the same person to the dashboard.
    const second = await newPage(browser);
    await new LoginPage(second.page).open(stack.baseUrl);
    await second.page.getByRole('button', { name: 'Continue with Google' }).click();
    await new ProviderLoginPage(second.page).signInAs(account.email);
    await second.page.waitForURL(/\/dashboard/);
    await second.page.getByText(`Signed in as ${account.email}`).waitFor();
    await second.context.close();
    expect(await mailsFor(account.email, 'setup-password')).toHaveLength(1);
  });
});
