import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import type { ReceiptFingerprint } from '@snaptrack/contracts';
import { findReceiptRegion, type Box } from '../preprocess/receipt-crop.js';

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
  return turnedHashes(gray);
}

/** The long side of the gray copy the receipt's region is looked for on. */
const REGION_ANALYSIS_SIDE = 640;

/**
 * The four hashes of {@link imageHashes}, of the receipt's own region rather than the whole
 * picture: the sheet of paper found against a darker table (preprocess/receipt-crop.ts), then
 * the box its print fills on the paper. A copy cropped a little (a tenth of the picture, 5 %
 * off each side) keeps that box where the whole picture's hash moves too far; so does a photo
 * framed a little differently. Null where {@link imageHashes} is, and when no print is found.
 */
export async function regionHashes(
  image: Buffer,
  maxPixels: number,
): Promise<[string, string, string, string] | null> {
  let analysis: { data: Buffer; info: OutputInfo };
  try {
    analysis = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .greyscale()
      .resize(REGION_ANALYSIS_SIDE, REGION_ANALYSIS_SIDE, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = analysis;
  if (info.channels !== 1 || data.length !== info.width * info.height) return null;
  const gray = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const whole = { left: 0, top: 0, width: info.width, height: info.height };
  const paper = findReceiptRegion(gray, info.width, info.height)?.box ?? whole;
  const box = printBox(gray, info.width, paper);
  if (!box) return null;
  const thumbnail = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: 1 },
  })
    .extract(box)
    .resize(SIDE, SIDE, { fit: 'fill', kernel: 'cubic' })
    .greyscale()
    .raw()
    .toBuffer();
  return turnedHashes(thumbnail);
}

/** Darker than the paper by this many gray levels (of 255) is print, not paper or noise. */
const PRINT_BELOW_PAPER = 60;

/**
 * The box the print fills inside `within`: the first and last rows and columns holding at least
 * a few print pixels (so a speck or a JPEG ringing is not print). Null when there is too little
 * print to tell (a blank or faint region).
 */
export function printBox(gray: Uint8Array, width: number, within: Box): Box | null {
  const histogram = new Uint32Array(256);
  for (let y = within.top; y < within.top + within.height; y += 1) {
    const line = y * width;
    for (let x = within.left; x < within.left + within.width; x += 1) {
      histogram[gray[line + x]] += 1;
    }
  }
  // The paper is the median of the region: a receipt is mostly paper.
  const half = (within.width * within.height) / 2;
  let paper = 0;
  for (let seen = histogram[0]; seen < half && paper < 255; seen += histogram[paper]) paper += 1;
  const below = paper - PRINT_BELOW_PAPER;
  if (below <= 0) return null;
  const rows = new Uint32Array(within.height);
  const cols = new Uint32Array(within.width);
  for (let y = 0; y < within.height; y += 1) {
    const line = (within.top + y) * width + within.left;
    for (let x = 0; x < within.width; x += 1) {
      if (gray[line + x] < below) {
        rows[y] += 1;
        cols[x] += 1;
      }
    }
  }
  const top = firstAtLeast(rows, Math.max(2, Math.round(within.width * 0.004)));
  const left = firstAtLeast(cols, Math.max(2, Math.round(within.height * 0.004)));
  if (top === null || left === null) return null;
  const bottom = lastAtLeast(rows, Math.max(2, Math.round(within.width * 0.004)))!;
  const right = lastAtLeast(cols, Math.max(2, Math.round(within.height * 0.004)))!;
  // A few rows or columns of print are a line or an edge, not a receipt.
  if (bottom - top < 8 || right - left < 8) return null;
  return {
    left: within.left + left,
    top: within.top + top,
    width: right - left + 1,
    height: bottom - top + 1,
  };
}

function firstAtLeast(counts: Uint32Array, min: number): number | null {
  for (let i = 0; i < counts.length; i += 1) if (counts[i] >= min) return i;
  return null;
}

function lastAtLeast(counts: Uint32Array, min: number): number | null {
  for (let i = counts.length - 1; i >= 0; i -= 1) if (counts[i] >= min) return i;
  return null;
}

/** The upright, 90°, 180° and 270° hashes of a SIDE × SIDE gray thumbnail; null when blank. */
function turnedHashes(gray: Buffer): [string, string, string, string] | null {
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
 * it) normalised text hash, an image's four perceptual hashes of the whole picture and, where
 * its print is found, four of the receipt's region. Null when there is nothing to
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
  if (!hashes) return null;
  const region = await regionHashes(file, maxPixels);
  return region ? { image_hashes: hashes, region_hashes: region } : { image_hashes: hashes };
}
