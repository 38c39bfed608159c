// Offline capture: receipts kept on the device until they can go up (the upload queue, also
// sent by the service worker's Background Sync) and files shared to the app (the share target),
// which wait for the person's confirmation. This is the entry for screens; the service worker
// uses worker.ts and page start start.ts. Uploads go through lib/receipt-upload.ts, the one
// client of POST /api/parse. docs/installable-app.md.
export { OfflineNotice, ShareFailedNotice } from './components/offline-notice';
export { SharedFilesReview } from './components/shared-files-review';
export { UploadQueuePanel } from './components/upload-queue-panel';
export { useOfflineCapture } from './hooks/use-offline-capture';
export type { QueuedReceipt } from './queue/upload-queue';
