import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

// Registers the service worker (production builds only: Vite's dev server has none) and
// publishes whether a newer version is waiting, for the version display's update prompt.

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean): void {
  updateWaiting = value;
  listeners.forEach((listener) => listener());
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while this one runs: ask before swapping (unsaved edits).
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  // Its first install takes over this page at once, so it works offline from now on.
  void workbox.register().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}

/** Swaps in the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/** Looks for a newer service worker now (the "Check for Updates" link). */
export async function checkForServiceWorkerUpdate(): Promise<void> {
  await workbox?.update();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => updateWaiting,
    () => false,
  );
}
