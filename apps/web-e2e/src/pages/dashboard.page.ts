import type { Locator, Page } from 'playwright-core';

/** The dashboard: summary cards, the expense list and its pagination. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, query = ''): Promise<void> {
    await this.page.goto(`${baseUrl}/dashboard${query}`);
    await this.waitForAllCards();
  }

  /**
   * Waits until the list shows every card of its page: it draws the first few at once and the
   * rest when the browser is idle, its grid aria-busy until then.
   */
  async waitForAllCards(): Promise<void> {
    await this.cards().first().waitFor();
    await this.page.locator('.expense-grid:not([aria-busy])').waitFor();
  }

  summaryCard(title: 'Total Spent' | 'Receipts' | 'Average'): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${title}\\s?,`) });
  }

  /** The dates the summary cards count, under the period's name. */
  summaryRange(title: 'Total Spent' | 'Receipts' | 'Average'): Locator {
    return this.summaryCard(title).locator('.summary-card__range');
  }

  cards(): Locator {
    return this.page.locator('article.expense-card');
  }

  card(vendor: string): Locator {
    return this.page.getByRole('article', { name: `Expense ${vendor}`, exact: true });
  }

  async firstVendor(): Promise<string> {
    return (await this.cards().first().locator('.expense-card__vendor').textContent()) ?? '';
  }

  /** The total of the list header, e.g. 61 from "61 expenses". */
  async totalCount(): Promise<number> {
    const text = await this.page.locator('.expense-list__count').textContent();
    return Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);
  }

  pageButton(page: number): Locator {
    return this.page.getByRole('navigation', { name: 'Pages' }).getByRole('button', {
      name: `Page ${page}`,
      exact: true,
    });
  }

  async setPageSize(size: number): Promise<void> {
    await this.page.getByLabel('Per page').selectOption(String(size));
  }

  settingsButton(): Locator {
    return this.page.getByRole('button', { name: 'Settings', exact: true });
  }

  analyticsLink(): Locator {
    return this.page.getByRole('link', { name: 'Analytics' });
  }
}
