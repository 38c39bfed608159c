import { InvalidObjectKeyError } from './object-storage.errors.js';

// S3's own limit; keeping it for every driver keeps them interchangeable.
const MAX_KEY_BYTES = 1024;

// Reserved for the fs driver's content-type sidecars; refused everywhere so a key
// that works on one driver works on all.
export const SIDECAR_SUFFIX = '.meta.json';

/**
 * Keys are server-generated relative paths (`receipts/<userId>/<uuid>.jpg`). Anything that
 * could escape the fs root or mean different things on different drivers is refused.
 */
export function assertValidObjectKey(key: string): void {
  const reason = invalidKeyReason(key);
  if (reason !== undefined) {
    throw new InvalidObjectKeyError(key, reason);
  }
}

function invalidKeyReason(key: string): string | undefined {
  if (key.length === 0) return 'empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'absolute path';
  if (key.includes('\\')) return 'backslash';
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'control character';
  if (key.endsWith(SIDECAR_SUFFIX)) return `reserved suffix ${SIDECAR_SUFFIX}`;
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment';
    if (segment === '.' || segment === '..') return `"${segment}" segment`;
  }
  return undefined;
}

/** A listing prefix is a folder: segments of a valid key, ending in `/`. */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/') || prefix.startsWith('/')) {
    throw new InvalidObjectKeyError(prefix, 'a prefix is a relative folder ending in /');
  }
  assertValidObjectKey(prefix.slice(0, -1));
}
