import type { Page } from 'playwright-core';

/** The login screen of the app route set. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/login?app=true`);
  }

  /** Opens the email form if it is not open yet, fills it and submits. */
  async signIn(email: string, password: string): Promise<void> {
    const continueWithEmail = this.page.getByRole('button', { name: 'Continue with Email' });
    const emailField = this.page.getByLabel('Email');
    await continueWithEmail.or(emailField).first().waitFor();
    if (await continueWithEmail.isVisible()) await continueWithEmail.click();
    await emailField.fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
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
