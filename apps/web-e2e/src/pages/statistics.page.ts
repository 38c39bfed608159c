import type { Locator, Page } from 'playwright-core';

/** /statistics */
export class StatisticsPage {
  constructor(private readonly page: Page) {}

  period(label: 'Today' | 'This Week' | 'This Month' | 'This Year' | 'All Time'): Locator {
    return this.page.getByRole('group', { name: 'Period' }).getByRole('button', { name: label });
  }

  /** The dates the chosen period counts, under the period buttons ('This Week: Mon, …'). */
  range(): Locator {
    return this.page.locator('.stats-range');
  }

  chart(): Locator {
    return this.page.getByTestId('spending-chart');
  }

  bars(): Locator {
    return this.chart().locator('rect.spending-chart__bar');
  }

  card(title: 'Total Spent' | 'Total Receipts' | 'Average per Receipt'): Locator {
    return this.page
      .locator('.stats-card')
      .filter({ hasText: title })
      .locator('.stats-card__value');
  }

  section(title: 'Entity Breakdown' | 'Top Vendors' | 'Top Tags' | 'Tax paid'): Locator {
    return this.page.getByRole('region', { name: title });
  }
}
