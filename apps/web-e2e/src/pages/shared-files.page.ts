import type { Locator, Page } from 'playwright-core';

/** The confirmation screen for files shared to the app (Upload, Discard, Decide later). */
export class SharedFilesPage {
  constructor(private readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: /shared file/ });
  }

  files(): Locator {
    return this.dialog().getByRole('list', { name: 'Shared files' }).getByRole('listitem');
  }

  /** The preview of `name`, once the browser has drawn it. */
  async thumbnailDrawn(name: string): Promise<void> {
    await this.dialog()
      .getByRole('img', { name: `Preview of ${name}` })
      .waitFor();
    await this.page.waitForFunction((alt) => {
      const image = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
      return image !== null && image.complete && image.naturalWidth > 0;
    }, `Preview of ${name}`);
  }

  /** How many shared files wait in the device's share inbox (IndexedDB), read directly. */
  async keptOnDevice(): Promise<number> {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('snaptrack-share-inbox');
          open.onerror = () => reject(new Error('cannot open the share inbox'));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('files')) return resolve(0);
            const read = db.transaction('files').objectStore('files').get('inbox');
            read.onsuccess = () =>
              resolve((read.result as { files?: unknown[] } | undefined)?.files?.length ?? 0);
            read.onerror = () => reject(new Error('cannot read the share inbox'));
          };
        }),
    );
  }

  async upload(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Upload', exact: true }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  async discard(): Promise<void> {
    await this.dialog().getByRole('button', { name: 'Discard' }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}
