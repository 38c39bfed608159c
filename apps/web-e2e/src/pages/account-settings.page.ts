import type { Page } from 'playwright-core';

/** /account-settings: receipt address, sign-in methods, linking, username dialog. */
export class AccountSettingsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/account-settings?app=true`);
    await this.page.getByRole('heading', { name: 'Account Settings' }).waitFor();
  }

  method(name: 'Email & password' | 'Google' | 'Apple') {
    return this.page.locator('.method-list li', { hasText: name });
  }

  async openUsernameDialog(): Promise<void> {
    await this.page.getByRole('button', { name: /Change Username|Choose Username/ }).click();
    await this.page.getByRole('dialog').waitFor();
  }
}
