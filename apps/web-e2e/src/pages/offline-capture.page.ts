import type { Locator, Page } from 'playwright-core';

/** The installable app's pieces on the dashboard: offline notice, waiting uploads, the worker. */
export class OfflineCapturePage {
  constructor(private readonly page: Page) {}

  offlineNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'You are offline' });
  }

  queue(): Locator {
    return this.page.getByRole('region', { name: /Waiting to upload/ });
  }

  queuedItems(): Locator {
    return this.page.locator('.upload-queue__item');
  }

  files(): Locator {
    return this.page.getByTestId('receipt-files');
  }

  /** Resolves once the service worker controls the page (it claims it on first install). */
  async serviceWorkerInControl(): Promise<string> {
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    return this.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  }

  /**
   * Resolves once react-query's cache for the signed-in account is in IndexedDB with the profile
   * and an expense list page loaded: the app writes its newest copy when the browser is idle, so
   * an earlier copy may lack what the page shows.
   */
  async cachePersisted(): Promise<void> {
    await this.page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          type Persisted = {
            clientState?: {
              queries?: { queryKey: unknown[]; state: { status: string } }[];
            };
          };
          const open = indexedDB.open('snaptrack-query-cache');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('clients')) return resolve(false);
            const records = db.transaction('clients').objectStore('clients').getAll();
            records.onsuccess = () =>
              resolve(
                (records.result as Persisted[]).some((record) => {
                  const loaded = (record.clientState?.queries ?? []).filter(
                    (query) => query.state.status === 'success',
                  );
                  const has = (first: string, second: string) =>
                    loaded.some((q) => q.queryKey[0] === first && q.queryKey[1] === second);
                  return has('user', 'profile') && has('expenses', 'list');
                }),
              );
            records.onerror = () => resolve(false);
          };
        }),
      null,
      { timeout: 15_000, polling: 250 },
    );
  }
}
