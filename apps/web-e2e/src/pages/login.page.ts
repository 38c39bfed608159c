import type { Page } from 'playwright-core';
import { submitEmailSignIn } from '@snaptrack/testing';

/** The login screen of the app route set. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/login?app=true`);
  }

  /** Opens the email form if it is not open yet, fills it and submits. */
  async signIn(email: string, password: string): Promise<void> {
    await submitEmailSignIn(this.page, email, password);
  }

  /** Signs in from the login page and waits for the dashboard with its upload card. */
  async signInToDashboard(baseUrl: string, email: string, password: string): Promise<void> {
    await this.open(baseUrl);
    await this.signIn(email, password);
    await this.page.waitForURL(/\/dashboard/);
    await this.page.getByRole('heading', { name: 'Upload receipts' }).waitFor();
  }

  bannerText() {
    return this.page.getByRole('alert').first().textContent();
  }
}
