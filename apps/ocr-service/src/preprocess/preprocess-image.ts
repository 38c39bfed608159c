import sharp from 'sharp';
import { detectImageType, type ImageType } from '@snaptrack/storage';
import {
  ImageDecodeError,
  ImageTooLargeError,
  PreprocessError,
  UnsupportedImageTypeError,
} from './preprocess.errors.js';
import { findContentBox, scaleBox, type Box } from './receipt-crop.js';

/**
 * Turns a container that sharp cannot decode (PDF, HEVC HEIC) into an image sharp can read.
 * Slot for later: no PDF renderer or HEIC decoder is installed yet.
 */
export type ImageDecoder = (input: Buffer) => Promise<Buffer>;

export interface PreprocessOptions {
  /** Longest side of the output; smaller images are never enlarged. Default 2048. */
  maxSide?: number;
  /** Cap on decoded pixels (width × height) of the input. Default 50 MP. */
  maxInputPixels?: number;
  /** Trim white page margins around a receipt (A4 scans). Default true. */
  cropToReceipt?: boolean;
  /** Stretch the gray levels to the full range. Default true. */
  normalise?: boolean;
  /** Output encoding. PNG is lossless; JPEG is smaller for IPC. Default 'png'. */
  format?: 'png' | 'jpeg';
  decoders?: Partial<Record<'pdf' | 'heic', ImageDecoder>>;
}

export interface PreprocessedImage {
  image: Buffer;
  width: number;
  height: number;
  format: 'png' | 'jpeg';
  sourceType: ImageType;
  /** Size after EXIF orientation, before cropping and resizing. */
  original: { width: number; height: number };
  /** The receipt region that was kept, in `original` coordinates; null when nothing was cropped. */
  crop: Box | null;
}

export const DEFAULT_MAX_SIDE = 2048;
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;
/** Long side of the small copy used to find the receipt on the page. */
const ANALYSIS_SIDE = 1024;

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

async function decodeContainer(
  input: Buffer,
  type: ImageType,
  decoders: PreprocessOptions['decoders'],
): Promise<Buffer> {
  switch (type) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return input;
    case 'pdf':
    case 'heic': {
      const decoder = decoders?.[type];
      if (!decoder) {
        throw new UnsupportedImageTypeError(type, `No decoder is configured for ${type} input`);
      }
      return decoder(input);
    }
  }
}

/**
 * Prepares an upload for OCR: EXIF orientation, receipt crop on white pages, grayscale,
 * contrast stretch, long side ≤ maxSide. Throws a {@link PreprocessError} subclass on bad input.
 */
export async function preprocessImage(
  input: Buffer,
  options: PreprocessOptions = {},
): Promise<PreprocessedImage> {
  const maxSide = options.maxSide ?? DEFAULT_MAX_SIDE;
  const limit = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
  const format = options.format ?? 'png';
  const sourceType = detectImageType(input);
  if (sourceType === null) throw new UnsupportedImageTypeError(null);
  const bitmap = await decodeContainer(input, sourceType, options.decoders);

  try {
    // The header alone tells the size: reject a pixel bomb before anything is decoded.
    const meta = await sharp(bitmap, { limitInputPixels: false }).metadata();
    const pixels = meta.width * meta.height;
    if (pixels > limit) throw new ImageTooLargeError(pixels, limit);
    const swap = (meta.orientation ?? 1) >= 5;
    const original = swap
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
    // Transparent pixels (screenshots, rendered PDF pages) count as paper, not as ink.
    const open = () =>
      sharp(bitmap, { limitInputPixels: limit, autoOrient: true }).flatten({
        background: '#ffffff',
      });

    let crop: Box | null = null;
    if (options.cropToReceipt ?? true) {
      const small = await open()
        .grayscale()
        .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const found = findContentBox(small.data, small.info.width, small.info.height);
      if (found) crop = scaleBox(found, small.info, original);
    }

    let pipeline = open();
    if (crop) pipeline = pipeline.extract(crop);
    pipeline = pipeline.grayscale().toColourspace('b-w');
    if (options.normalise ?? true) pipeline = pipeline.normalise();
    pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    pipeline = format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 90 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      image: data,
      width: info.width,
      height: info.height,
      format,
      sourceType,
      original,
      crop,
    };
  } catch (error) {
    if (error instanceof PreprocessError) throw error;
    if (isPixelLimitError(error)) throw new ImageTooLargeError(null, limit, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    throw new ImageDecodeError(`Could not decode ${sourceType} image: ${message}`, {
      cause: error,
    });
  }
}
