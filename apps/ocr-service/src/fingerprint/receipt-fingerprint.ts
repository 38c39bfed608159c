import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ReceiptFingerprint } from '@snaptrack/contracts';

/** The side of the gray thumbnail a perceptual hash is computed on. */
const SIDE = 32;
/** The low frequencies kept (8 × 8 = 64 bits). */
const KEPT = 8;
/** Below this spread of gray levels (0 to 255) on the thumbnail, a picture is blank. */
const MIN_CONTRAST = 4;

/**
 * The perceptual hashes of one receipt image: a 64-bit DCT hash (pHash, 16 hex digits) of the
 * picture as a viewer shows it upright (EXIF orientation applied), then of it turned 90°, 180°
 * and 270° clockwise. A copy of the same photo that was re-encoded, cropped a little or turned
 * a quarter has one of the four within a few bits of the earlier receipt's first hash
 * (docs/ocr.md, "Duplicate receipts", for the threshold and how it was measured).
 *
 * Returns null for what sharp cannot decode (HEIC, PDF, a damaged file) and for a blank picture:
 * no hash, never a made-up one.
 */
export async function imageHashes(
  image: Buffer,
  maxPixels: number,
): Promise<[string, string, string, string] | null> {
  let gray: Buffer;
  try {
    gray = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .greyscale()
      .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
  if (gray.length !== SIDE * SIDE) return null;
  const pixels = Float64Array.from(gray);
  // A picture with nothing in it (one colour, a blank page) has no shape to compare: its hash
  // would be the same as every other blank picture's.
  if (standardDeviation(pixels) < MIN_CONTRAST) return null;
  const turned90 = turnClockwise(pixels);
  const turned180 = turnClockwise(turned90);
  const turned270 = turnClockwise(turned180);
  return [phash(pixels), phash(turned90), phash(turned180), phash(turned270)];
}

/** How many bits two hashes of the same length (hex) differ in. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i += 1) {
    let bits = parseInt(a[i], 16) ^ parseInt(b[i], 16);
    while (bits) {
      distance += bits & 1;
      bits >>= 1;
    }
  }
  return distance;
}

/**
 * A mailed text receipt's hash: SHA-256 of its text lower-cased with everything but letters and
 * digits dropped, so the same e-receipt forwarded again (other line breaks, quoting marks,
 * spacing) hashes the same. Null for a text with nothing in it.
 */
export function textHash(text: string): string | null {
  const normalised = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
  if (normalised === '') return null;
  return createHash('sha256').update(normalised).digest('hex');
}

function standardDeviation(values: Float64Array): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance);
}

/** The SIDE × SIDE square turned a quarter clockwise. */
function turnClockwise(pixels: Float64Array): Float64Array {
  const turned = new Float64Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y += 1) {
    for (let x = 0; x < SIDE; x += 1) {
      turned[x * SIDE + (SIDE - 1 - y)] = pixels[y * SIDE + x];
    }
  }
  return turned;
}

/** cos((2x + 1) u π / 2N) for the kept frequencies u. */
const COSINES = Array.from({ length: KEPT }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/**
 * The DCT's 8 × 8 lowest frequencies of the square, one bit each: above the median of them
 * (the DC term left out of the median, it only says how bright the picture is).
 */
function phash(pixels: Float64Array): string {
  const coefficients: number[] = [];
  for (let v = 0; v < KEPT; v += 1) {
    for (let u = 0; u < KEPT; u += 1) {
      let sum = 0;
      for (let y = 0; y < SIDE; y += 1) {
        const row = y * SIDE;
        const cy = COSINES[v][y];
        for (let x = 0; x < SIDE; x += 1) sum += pixels[row + x] * COSINES[u][x] * cy;
      }
      coefficients.push(sum);
    }
  }
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[(KEPT * KEPT - 1) >> 1];
  let hex = '';
  for (let i = 0; i < coefficients.length; i += 4) {
    let nibble = 0;
    for (let j = 0; j < 4; j += 1) nibble = (nibble << 1) | (coefficients[i + j] > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/**
 * The fingerprint of one stored receipt: a text receipt's (and a PDF's, by the text read from
 * it) normalised text hash, an image's four perceptual hashes. Null when there is nothing to
 * hash; it never fails a reading.
 */
export async function receiptFingerprint(
  file: Buffer,
  contentType: string,
  rawText: string | null,
  maxPixels: number,
): Promise<ReceiptFingerprint | null> {
  if (contentType === 'text/plain' || contentType === 'application/pdf') {
    const text = textHash(contentType === 'text/plain' ? file.toString('utf8') : (rawText ?? ''));
    return text ? { text_hash: text } : null;
  }
  const hashes = await imageHashes(file, maxPixels);
  return hashes ? { image_hashes: hashes } : null;
}
