import type { Readable } from 'node:stream';
import sharp from 'sharp';

/** Receipts larger than this are not images anyone uploaded through the app. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** Long side on the page: sharp at print size for a receipt, and a PDF that stays small. */
const MAX_SIDE = 1600;
/**
 * A JPEG up to this size goes in as it is (pdfkit embeds JPEG bytes without decoding): the
 * web app uploads receipts at ≤ 2048 px, and re-encoding each one cost most of a PDF's time.
 */
const AS_IS_MAX_SIDE = 2048;
const AS_IS_MAX_BYTES = 2 * 1024 * 1024;

async function readCapped(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_SOURCE_BYTES) {
      stream.destroy();
      throw new Error('receipt image too large');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A stored receipt image as a JPEG pdfkit can embed (pdfkit reads JPEG and PNG only; uploads
 * are also WebP and more), upright by its EXIF orientation and scaled down to print size.
 * One image at a time is held, then dropped.
 */
export async function receiptImageForPdf(stream: Readable): Promise<Buffer> {
  const source = await readCapped(stream);
  if (await embeddableAsIs(source)) return source;
  return sharp(source, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: false })
    .toBuffer();
}

/** An upright RGB or gray JPEG of print size: nothing to gain by decoding and re-encoding it. */
async function embeddableAsIs(source: Buffer): Promise<boolean> {
  const isJpeg =
    source.length >= 3 && source[0] === 0xff && source[1] === 0xd8 && source[2] === 0xff;
  if (!isJpeg || source.length > AS_IS_MAX_BYTES) return false;
  try {
    const { width, height, orientation, space } = await sharp(source).metadata();
    return (
      !!width &&
      !!height &&
      Math.max(width, height) <= AS_IS_MAX_SIDE &&
      (orientation ?? 1) === 1 &&
      (space === 'srgb' || space === 'b-w')
    );
  } catch {
    return false; // unreadable header: let the full decode decide (and fail) as before
  }
}
