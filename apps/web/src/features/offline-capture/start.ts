// Offline capture's entry for page start (src/main.tsx), kept apart from index.ts so the first
// bundle carries no screen of this feature: the service worker's copy of the session follows
// the page's from the first moment.
export { startQueueOwnerSync } from './queue/queue-owner-sync';
