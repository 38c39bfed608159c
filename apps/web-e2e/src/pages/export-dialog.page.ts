import type { Download, Locator, Page } from 'playwright-core';

/** The 'Export Expenses' dialog opened from the dashboard header. */
export class ExportDialogPage {
  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Export Expenses' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Export', exact: true }).click();
    await this.dialog().waitFor();
  }

  async preset(label: string): Promise<void> {
    await this.dialog().getByRole('radio', { name: label, exact: true }).check();
  }

  async entity(name: string): Promise<void> {
    await this.dialog().getByRole('group', { name: 'Entities' }).getByLabel(name).check();
  }

  async format(label: string): Promise<void> {
    await this.dialog()
      .getByRole('radio', { name: new RegExp(`^${label}`) })
      .check();
  }

  preview(): Locator {
    return this.dialog().getByTestId('export-preview');
  }

  /** The preview once counted: `{count} expenses · $total`. */
  async waitForPreview(count: number): Promise<string> {
    const noun = count === 1 ? 'expense' : 'expenses';
    await this.preview()
      .filter({ hasText: new RegExp(`^${count} ${noun} · `) })
      .waitFor();
    return (await this.preview().textContent()) ?? '';
  }

  exportButton(): Locator {
    return this.dialog().getByRole('button', { name: 'Export', exact: true });
  }

  async exportAndDownload(timeout = 15_000): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout }),
      this.exportButton().click(),
    ]);
    return download;
  }
}
