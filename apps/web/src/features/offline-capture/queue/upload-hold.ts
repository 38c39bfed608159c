// The Web Lock this page holds for as long as it lives, named in the receipts its bulk upload
// keeps in the queue while waiting out an upload limit (QueuedReceipt.heldBy). The browser
// releases it when the tab closes or crashes: the queue then sends those receipts itself.

/** This page's lock name: one per page load. */
export const PAGE_HOLD = `snaptrack-upload-hold:${crypto.randomUUID()}`;

let holding: Promise<boolean> | null = null;

/**
 * Takes this page's lock (once) and resolves when it is held: true, or false where the browser
 * has no Web Locks (the queue then sends a held receipt at once; its Idempotency-Key still
 * makes one expense of it).
 */
export function holdForThisPage(): Promise<boolean> {
  if (!('locks' in navigator)) return Promise.resolve(false);
  holding ??= new Promise<boolean>((held) => {
    void navigator.locks.request(PAGE_HOLD, () => {
      held(true);
      // Never resolves: the lock is the page's until it goes.
      return new Promise<never>(() => undefined);
    });
  });
  return holding;
}
