/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  receiveShare,
  sendQueueInBackground,
  SHARE_TARGET_PATH,
  UPLOAD_SYNC_TAG,
} from '../features/offline-capture/worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string })[] };

// The app shell (index.html, hashed bundles, icons) is precached; /api is never cached here:
// the dashboard's data lives in react-query's persisted cache, per account.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page of the SPA opens offline from the precached index.html; the API, the API docs and
// the legal documents are the server's own.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/docs\//, new RegExp(`^${SHARE_TARGET_PATH}`)],
  }),
);

// The first version takes over open pages at once; later ones wait for the update prompt.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Offline capture (features/offline-capture): the share target's POST keeps the shared files
// for the person to confirm, and Background Sync sends the upload queue with no tab open.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.pathname === SHARE_TARGET_PATH) {
    event.respondWith(receiveShare(event.request));
  }
});

self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag === UPLOAD_SYNC_TAG) sync.waitUntil(sendQueueInBackground());
});
