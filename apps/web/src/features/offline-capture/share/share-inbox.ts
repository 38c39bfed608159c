import { createStore, get, update } from 'idb-keyval';
import {
  admitShared,
  EMPTY_INBOX,
  noteRefusal,
  type IncomingFile,
  type ShareInbox,
  type SharedFile,
} from './share-admission';

export type { RefusedShare, ShareInbox, SharedFile } from './share-admission';

// Files shared to SnapTrack (Web Share Target): the service worker puts them here, and they
// wait until the person confirms them on the dashboard. Any website can post a form to the
// share target, so nothing here goes up by itself, and what waits is capped.

const store = createStore('snaptrack-share-inbox', 'files');
const KEY = 'inbox';
/** Where earlier versions kept shared files (uploaded unasked when the dashboard opened). */
const LEGACY_KEY = 'pending';

interface LegacySharedFile {
  name: string;
  type: string;
  blob: Blob;
}

export async function putSharedFiles(files: IncomingFile[]): Promise<void> {
  await update<ShareInbox>(KEY, (inbox) => admitShared(inbox ?? EMPTY_INBOX, files), store);
}

/** A share refused as a whole (too large to read, or unreadable). */
export async function refuseShare(reason: string): Promise<void> {
  await update<ShareInbox>(KEY, (inbox) => noteRefusal(inbox ?? EMPTY_INBOX, reason), store);
}

/**
 * Files an earlier version kept join the inbox once, to be confirmed like any other: taken and
 * cleared in one transaction, so two tabs cannot adopt them twice.
 */
async function adoptLegacyShares(): Promise<void> {
  let legacy: LegacySharedFile[] | undefined;
  await update<LegacySharedFile[] | undefined>(
    LEGACY_KEY,
    (kept) => {
      legacy = kept;
      return undefined;
    },
    store,
  );
  if (!legacy?.length) return;
  const files = legacy.map((file) => new File([file.blob], file.name, { type: file.type }));
  await putSharedFiles(files);
}

/** What waits for confirmation; nothing leaves the inbox. */
export async function readShareInbox(): Promise<ShareInbox> {
  await adoptLegacyShares();
  return (await get<ShareInbox>(KEY, store)) ?? EMPTY_INBOX;
}

/**
 * Removes the files with these ids (the ones the person saw) and the refusal notes; returns the
 * removed files. A file shared meanwhile stays for the next confirmation.
 */
async function removeShared(ids: string[]): Promise<SharedFile[]> {
  let removed: SharedFile[] = [];
  await update<ShareInbox>(
    KEY,
    (inbox) => {
      const files = inbox?.files ?? [];
      removed = files.filter((file) => ids.includes(file.id));
      return { files: files.filter((file) => !ids.includes(file.id)), refused: [] };
    },
    store,
  );
  return removed;
}

/** The confirmed files, once, for upload: they leave the inbox as they are handed over. */
export async function takeSharedFiles(ids: string[]): Promise<File[]> {
  const taken = await removeShared(ids);
  return taken.map((file) => new File([file.blob], file.name, { type: file.type }));
}

/** Drops the files the person discarded, and the refusal notes. */
export async function discardSharedFiles(ids: string[]): Promise<void> {
  await removeShared(ids);
}
