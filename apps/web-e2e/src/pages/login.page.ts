import type { Page } from 'playwright-core';

/** The login screen of the app route set. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/login?app=true`);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue with Email' }).click();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  bannerText() {
    return this.page.getByRole('alert').first().textContent();
  }
}
