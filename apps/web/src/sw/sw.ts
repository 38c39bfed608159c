/// <reference lib="webworker" />
import { ShareMessages } from '@snaptrack/contracts/core';
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { loadQueueOwner } from '../lib/offline/offline-session';
import { sendUploadQueue } from '../lib/offline/send-upload-queue';
import { putSharedFiles, refuseShare } from '../lib/offline/share-inbox';
import { UPLOAD_SYNC_TAG } from '../lib/offline/upload-queue';
import { SHARE_BODY_LIMIT, SHARE_TARGET_PATH, SHARED_LANDING } from './share-target';

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

/**
 * Web Share Target: keep the shared files, then open the dashboard, which shows them and
 * uploads nothing until the person confirms. Any website can post a form here, so the body is
 * measured before it is read and the inbox keeps only what its caps allow.
 */
async function receiveShare(request: Request): Promise<Response> {
  try {
    // The browser holds the posted body already; it is refused before it is parsed or stored.
    const body = await request.blob();
    if (body.size > SHARE_BODY_LIMIT) {
      await refuseShare(ShareMessages.tooMuch);
      return Response.redirect(SHARED_LANDING, 303);
    }
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
    const files = form.getAll('receipts').filter((value): value is File => value instanceof File);
    await putSharedFiles(files);
    return Response.redirect(SHARED_LANDING, 303);
  } catch {
    return Response.redirect(`${SHARED_LANDING}&share_failed=1`, 303);
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.pathname === SHARE_TARGET_PATH) {
    event.respondWith(receiveShare(event.request));
  }
});

/** Background Sync: the queue goes up even when no SnapTrack tab is open. */
async function sendQueueInBackground(): Promise<void> {
  const owner = await loadQueueOwner();
  if (!owner) return;
  const waiting = await sendUploadQueue(owner);
  // A rejection asks the browser to try the sync again later.
  if (waiting > 0) throw new Error(`${waiting} receipts still waiting`);
}

self.addEventListener('sync', (event) => {
  const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag === UPLOAD_SYNC_TAG) sync.waitUntil(sendQueueInBackground());
});
