import { ReceiptUploadLimits, UploadMessages } from '@snaptrack/contracts/core';

/** The spec's upload messages (sections 5 and 9), the very words the gateway answers with. */
export { UploadMessages } from '@snaptrack/contracts/core';

export const MAX_UPLOAD_BYTES = ReceiptUploadLimits.maxBytes;

/**
 * Long side of the copy the browser uploads. Not the spec's 1024: on real receipts that cost a
 * tenth of the totals and a third of the vendor names OCR could read (docs/architecture.md, Decisions).
 */
export const MAX_UPLOAD_SIDE = ReceiptUploadLimits.maxSide;

/**
 * What the file input offers (a .zip of receipts is unpacked in the browser); the server
 * decides the type by the bytes anyway.
 */
export const ACCEPTED_FILES = 'image/*,.heic,.heif,application/pdf,.zip,application/zip';

export type UploadKind = 'image' | 'passthrough';

/**
 * Which files go up, and whether the browser may redraw them: JPEG, PNG and WebP are scaled
 * and re-encoded; HEIC (browsers cannot draw it) and PDF go up unchanged.
 */
export function uploadKind(file: Pick<File, 'name' | 'type'>): UploadKind | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (type === 'image/heic' || type === 'image/heif' || /\.hei[cf]$/.test(name)) {
    return 'passthrough';
  }
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'passthrough';
  if (type.startsWith('image/')) return 'image';
  return null;
}

/** The spec's message for a file that cannot go up, or null when it may. */
export function rejectReason(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!uploadKind(file)) return UploadMessages.notImage;
  if (file.size >= MAX_UPLOAD_BYTES) return UploadMessages.tooLarge;
  return null;
}

/** The size an image is drawn at: long side at most `maxSide`, never enlarged. */
export function scaledSize(
  width: number,
  height: number,
  maxSide = MAX_UPLOAD_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
