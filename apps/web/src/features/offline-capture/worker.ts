// Offline capture's entry for the service worker (src/sw/sw.ts): what must run there, the share
// target's POST and Background Sync. No window, DOM or React below this file, and relative
// imports only (vite-plugin-pwa bundles the worker on its own).
export { sendQueueInBackground } from './queue/send-in-background';
export { UPLOAD_SYNC_TAG } from './queue/upload-queue';
export { receiveShare } from './share/receive-share';
export { SHARE_TARGET_PATH } from './share/share-target';
