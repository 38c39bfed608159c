import { imageSize } from 'image-size';
import type { ImageType } from '@snaptrack/storage';

/**
 * How much of an upload is read before any of it is stored: enough for the type (magic bytes)
 * and for the size in the image's header, which in a phone JPEG comes after an EXIF block of
 * up to 64 KB (and sometimes a thumbnail or two). Bounded, so memory per upload stays small.
 */
export const HEADER_BYTES = 256 * 1024;

/**
 * The pixel count (width × height, the largest image in the file) that the header declares,
 * read without decoding anything; null when the header cannot be read from `head` (a PDF, a
 * damaged file, a header past the first bytes): the OCR service's own cap is the second line.
 */
export function declaredPixels(head: Uint8Array, type: ImageType): number | null {
  if (type === 'pdf') return null;
  let size;
  try {
    size = imageSize(head);
  } catch {
    return null;
  }
  const candidates = [size, ...(size.images ?? [])];
  const pixels = candidates.map((image) => (image.width ?? 0) * (image.height ?? 0));
  const largest = Math.max(...pixels);
  return largest > 0 ? largest : null;
}
