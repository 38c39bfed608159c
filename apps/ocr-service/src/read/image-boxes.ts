import type { ImageBox } from '@snaptrack/contracts';
import type { LineBox } from '../extraction/text-lines.js';
import { toOriginalBox, type ImageTransform } from '../preprocess/image-transform.js';

/**
 * A box on the image the engine read, on the stored image as a browser shows it (after EXIF
 * orientation), in whole pixels clamped to the image; null when nothing of it is left. The
 * mapping itself is preprocessing's (image-transform.ts), which knows every step it took.
 */
export function toStoredImage(box: LineBox, transform: ImageTransform): ImageBox | null {
  const mapped = toOriginalBox(box, transform);
  return mapped.width > 0 && mapped.height > 0 ? mapped : null;
}
