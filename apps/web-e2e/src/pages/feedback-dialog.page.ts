import type { Locator, Page } from 'playwright-core';

/** The feedback dialog ('Send Feedback', then 'Thank You!'). */
export class FeedbackDialogPage {
  readonly dialog: Locator;
  readonly thanks: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    this.thanks = page.getByRole('dialog', { name: 'Thank You!' });
  }

  type(): Locator {
    return this.dialog.getByLabel('Feedback type');
  }

  category(): Locator {
    return this.dialog.getByLabel('Category', { exact: true });
  }

  rating(stars: number): Locator {
    return this.dialog.getByRole('radio', { name: new RegExp(`^${stars} of 5`) });
  }

  /** Clicks the star, as a user does (the radio inside it is visually hidden). */
  async rate(stars: number): Promise<void> {
    await this.rating(stars).locator('xpath=..').click();
  }

  subject(): Locator {
    return this.dialog.getByLabel('Subject (optional)');
  }

  message(): Locator {
    return this.dialog.getByLabel('Message', { exact: true });
  }

  anonymous(): Locator {
    return this.dialog.getByLabel(/Send anonymously/);
  }

  send(): Locator {
    return this.dialog.getByRole('button', { name: 'Send Feedback' });
  }

  error(): Locator {
    return this.dialog.getByRole('alert');
  }
}
