import type { Page } from 'playwright-core';

/** The stand-in OpenID provider's login page (oidc-provider's development interactions). */
export class ProviderLoginPage {
  constructor(private readonly page: Page) {}

  async signInAs(login: string): Promise<void> {
    await this.page.waitForURL(/\/interaction\//);
    await this.page.locator('input[name="login"]').fill(login);
    await this.page.locator('input[name="password"]').fill('any password');
    await this.page.getByRole('button', { name: 'Sign-in' }).click();
  }
}
