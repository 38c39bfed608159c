import type { Locator, Page } from 'playwright-core';

/** The inline edit form of one expense card. */
export class ExpenseEditor {
  readonly form: Locator;

  constructor(
    private readonly page: Page,
    card: Locator,
  ) {
    this.form = card.locator('form.expense-form');
  }

  field(
    label: 'Vendor' | 'Amount' | 'Date' | 'Description' | 'Entity' | 'Currency' | 'Tax',
  ): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** Shown only for an expense in another currency than the home currency. */
  exchangeRate(): Locator {
    return this.form.getByLabel(/^Exchange rate/);
  }

  tagInput(): Locator {
    return this.form.getByPlaceholder('Add a tag');
  }

  suggestions(): Locator {
    return this.form.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  }

  chips(): Locator {
    return this.form.locator('.tag-editor__chips .chip');
  }

  async removeAllTags(): Promise<void> {
    while ((await this.chips().count()) > 0) {
      await this.chips().first().getByRole('button').click();
    }
  }

  async typeTag(tag: string): Promise<void> {
    await this.tagInput().fill(tag);
    await this.tagInput().press('Enter');
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save' }).click();
    await this.form.waitFor({ state: 'detached' });
  }
}
