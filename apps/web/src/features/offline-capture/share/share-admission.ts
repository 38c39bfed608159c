import { ReceiptUploadLimits, ShareMessages, ShareTargetLimits } from '@snaptrack/contracts/core';

// What the share inbox keeps, and the caps on it (a pure module: the worker, the page and the
// unit tests use it; IndexedDB lives in share-inbox.ts).

export interface SharedFile {
  id: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

/** A shared file that was not kept, with the reason the confirmation screen shows. */
export interface RefusedShare {
  /** Null when the whole share was refused before its files could be read. */
  name: string | null;
  reason: string;
}

export interface ShareInbox {
  files: SharedFile[];
  refused: RefusedShare[];
}

export type IncomingFile = Pick<File, 'name' | 'type' | 'size'> & Blob;

export const EMPTY_INBOX: ShareInbox = { files: [], refused: [] };

/**
 * The inbox with `incoming` added as far as the caps allow (count, each file's size, bytes
 * together); the rest is listed as refused. Refusals are capped too: a page posting again and
 * again must not grow the store.
 */
export function admitShared(
  inbox: ShareInbox,
  incoming: IncomingFile[],
  newId: () => string = () => crypto.randomUUID(),
): ShareInbox {
  const files = [...inbox.files];
  const refused = [...inbox.refused];
  let bytes = files.reduce((sum, file) => sum + file.size, 0);
  for (const file of incoming) {
    let reason: string | null = null;
    if (file.size >= ReceiptUploadLimits.maxBytes) reason = ShareMessages.tooLarge;
    else if (files.length >= ShareTargetLimits.maxFiles) reason = ShareMessages.tooMany;
    else if (bytes + file.size > ShareTargetLimits.maxBytes) reason = ShareMessages.tooMuch;
    if (reason) {
      refused.push({ name: file.name, reason });
      continue;
    }
    bytes += file.size;
    files.push({ id: newId(), name: file.name, type: file.type, size: file.size, blob: file });
  }
  return { files, refused: refused.slice(-ShareTargetLimits.maxFiles) };
}

/** A share refused as a whole (too large to read): a note without a file name, capped too. */
export function noteRefusal(inbox: ShareInbox, reason: string): ShareInbox {
  return {
    files: inbox.files,
    refused: [...inbox.refused, { name: null, reason }].slice(-ShareTargetLimits.maxFiles),
  };
}
