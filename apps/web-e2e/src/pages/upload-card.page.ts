import type { Locator, Page } from 'playwright-core';

/** The upload card: entity, pickers, the batch summary and the crop and rotate step. */
export class UploadCardPage {
  constructor(private readonly page: Page) {}

  async chooseEntity(name: string): Promise<void> {
    const entity = this.page.getByLabel('Entity', { exact: true });
    await entity.locator('option', { hasText: name }).waitFor({ state: 'attached' });
    await entity.selectOption(name);
  }

  files(): Locator {
    return this.page.getByTestId('receipt-files');
  }

  /** The hidden folder picker behind "Choose a folder" (`webkitdirectory`). */
  folder(): Locator {
    return this.page.getByTestId('receipt-folder');
  }

  camera(): Locator {
    return this.page.getByTestId('receipt-camera');
  }

  items(): Locator {
    return this.page.locator('.upload-item');
  }

  /** One upload's row, by its file name. */
  item(name: string): Locator {
    return this.items().filter({
      has: this.page.locator('.upload-item__name', { hasText: name }),
    });
  }

  /** What the row says of its upload ('Uploaded: reading the receipt…', 'Ready: …'). */
  state(name: string): Locator {
    return this.item(name).locator('.upload-item__state');
  }

  /** The row's button that opens the expense, once it is read or failed. */
  openButton(name: string): Locator {
    return this.item(name).getByRole('button', { name: `Open the expense of ${name}` });
  }

  overallProgress(): Locator {
    return this.page.getByRole('progressbar', { name: 'All uploads' });
  }

  /** The batch's closing line, e.g. '100 files: 99 added, 1 refused.' */
  summary(): Locator {
    return this.page.locator('.upload-summary__line');
  }

  refused(): Locator {
    return this.page.getByRole('list', { name: 'Refused files' }).getByRole('listitem');
  }

  photoEditor(): Locator {
    return this.page.getByRole('region', { name: 'Crop and rotate' });
  }

  async trim(side: 'top' | 'bottom' | 'left' | 'right', percent: number): Promise<void> {
    await this.page.getByLabel(`Trim ${side}`).fill(String(percent));
  }
}
