import { UPLOAD_SYNC_TAG } from './upload-queue';

/** Asks the browser to send the upload queue when it is online again (Background Sync). */
export async function requestUploadSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
    ?.sync;
  if (!sync) return false;
  try {
    await sync.register(UPLOAD_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
