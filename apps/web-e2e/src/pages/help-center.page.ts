import type { Locator, Page } from 'playwright-core';

/** The Help Center dialog. */
export class HelpCenter {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Help Center' });
  }

  async openFromFloatingButton(): Promise<void> {
    await this.page.getByRole('button', { name: 'Help', exact: true }).click();
    await this.dialog.waitFor();
  }

  search(): Locator {
    return this.dialog.getByRole('searchbox', { name: 'Search help articles' });
  }

  categories(): Locator {
    return this.dialog.getByRole('list', { name: 'Help topics' });
  }

  card(title: string): Locator {
    return this.dialog.getByRole('button', { name: new RegExp(`^${title}`) });
  }

  section(name: string): Locator {
    return this.dialog.getByRole('region', { name });
  }

  articleTitle(): Locator {
    return this.dialog.getByRole('article').getByRole('heading', { level: 3 });
  }

  back(): Locator {
    return this.dialog.getByRole('button', { name: '← Back' });
  }
}
