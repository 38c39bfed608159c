import { extname } from 'node:path';

// Only the kinds of files SnapTrack stores; anything else is opaque bytes.
const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.heic': 'image/heic',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Content type derived from the key when the caller did not give one. */
export function contentTypeForKey(key: string): string {
  return BY_EXTENSION[extname(key).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
