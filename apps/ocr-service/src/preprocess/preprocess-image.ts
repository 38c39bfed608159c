import sharp from 'sharp';
import { detectImageType, type ImageType } from '@snaptrack/storage';
import {
  ImageDecodeError,
  ImageTooLargeError,
  PreprocessError,
  UnsupportedImageTypeError,
} from './preprocess.errors.js';
import { rotatedSize, type ImageTransform } from './image-transform.js';
import {
  fullSizeWarp,
  needsWarp,
  straightSize,
  warpQuad,
  type PerspectiveWarp,
  type Quad,
} from './perspective.js';
import { estimateSkew, findReceiptRegion, scaleBox, type Box } from './receipt-crop.js';
import { textRunsSideways } from './text-orientation.js';

/**
 * Turns a container that sharp cannot decode (PDF, HEVC HEIC) into an image sharp can read.
 * Slot for later: no PDF renderer or HEIC decoder is installed yet.
 */
export type ImageDecoder = (input: Buffer) => Promise<Buffer>;

export interface PreprocessOptions {
  /** Longest side of the output. Default 2048. */
  maxSide?: number;
  /**
   * A receipt whose long side is shorter is read at twice its size (at most 1600 px long): the
   * engines misread text only a few pixels tall. Default 1200; 0 never enlarges.
   */
  minSide?: number;
  /** Cap on decoded pixels (width × height) of the input. Default 50 MP. */
  maxInputPixels?: number;
  /** Trim white page margins around a receipt (A4 scans). Default true. */
  cropToReceipt?: boolean;
  /**
   * Turn the text of a receipt found on a page or a background level when it is tilted by 0.5°
   * to 8° (laid askew on the scanner). Default true.
   */
  deskew?: boolean;
  /**
   * Straighten a sheet photographed at an angle on a background (its corners clearly not right
   * angles) with a perspective warp. Default true.
   */
  perspective?: boolean;
  /** Stretch the gray levels to the full range. Default true. */
  normalise?: boolean;
  /** Output encoding. PNG is lossless; JPEG is smaller for IPC. Default 'png'. */
  format?: 'png' | 'jpeg';
  decoders?: Partial<Record<'pdf' | 'heic', ImageDecoder>>;
  /** Turns the (cropped) image clockwise, after the EXIF orientation: for sideways photos. */
  rotate?: 90 | 180 | 270;
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
  /** How `image` was made from `original`: maps OCR boxes back onto the upload. */
  transform: ImageTransform;
  /**
   * The text seems to run up and down (a photo taken sideways without an EXIF tag): read it
   * again with `rotate` 90 and 270. Only looked at when no `rotate` was asked for.
   */
  sideways: boolean;
}

export const DEFAULT_MAX_SIDE = 2048;
export const DEFAULT_MIN_SIDE = 1200;
/**
 * How much a small receipt is enlarged: a little (1.1×) only resamples the letters, and
 * beyond 2× resampling adds nothing an engine can read.
 */
const ENLARGEMENT = 2;
/** The long side an enlarged receipt gets at most: more pixels cost more than they read. */
const ENLARGED_SIDE = 1600;
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;
/** Long side of the small copy used to find the receipt on the page. */
const ANALYSIS_SIDE = 1024;
/** Tilts smaller than this are left alone: turning costs a resample and gains nothing. */
const MIN_DESKEW_DEGREES = 0.5;

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
    // Decoded once, upright and gray (the engines read gray): a phone photo's JPEG costs about
    // half a second to decode, and every step below reads the image again. Transparent pixels
    // (screenshots, rendered PDF pages) count as paper, not as ink.
    const gray = await sharp(bitmap, { limitInputPixels: limit, autoOrient: true })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const open = () => sharp(gray.data, { raw: gray.info }).toColourspace('b-w');

    const analysis = (view: ReturnType<typeof sharp>) =>
      view
        .grayscale()
        .resize(ANALYSIS_SIDE, ANALYSIS_SIDE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    const deskewOn = options.deskew ?? true;
    let crop: Box | null = null;
    let whole: Awaited<ReturnType<typeof analysis>> | null = null;
    // The paper's corners in the crop's coordinates, when it is to be straightened.
    let quad: Quad | null = null;
    if (options.cropToReceipt ?? true) {
      whole = await analysis(open());
      const found = findReceiptRegion(whole.data, whole.info.width, whole.info.height);
      if (found) crop = scaleBox(found.box, whole.info, original);
      if (crop && found?.corners && (options.perspective ?? true) && needsWarp(found.corners)) {
        const sx = original.width / whole.info.width;
        const sy = original.height / whole.info.height;
        const { left, top } = crop;
        quad = found.corners.map((p) => ({ x: p.x * sx - left, y: p.y * sy - top })) as Quad;
      }
    }

    // One small copy of the receipt's region, for the direction of its text and its tilt (on a
    // whole page the receipt is too small in `whole` to measure a tilt).
    let sideways = false;
    let skew = 0;
    if (!options.rotate || deskewOn) {
      const region = crop || !whole ? await analysis(crop ? open().extract(crop) : open()) : whole;
      const { data, info } = region;
      if (!options.rotate) sideways = textRunsSideways(data, info.width, info.height);
      // Only a receipt found on a page or against a background: an image that is all receipt is
      // left as it was taken (the engines read small tilts themselves).
      if (deskewOn && crop && !quad) {
        const angle = estimateSkew(data, info.width, {
          left: 0,
          top: 0,
          width: info.width,
          height: info.height,
        });
        if (Math.abs(angle) >= MIN_DESKEW_DEGREES) skew = angle;
      }
    }

    let pipeline = open();
    if (crop) pipeline = pipeline.extract(crop);
    const region = crop ?? { left: 0, top: 0, ...original };
    // Turned back by the tilt found: the text lines level again.
    const deskew = skew === 0 ? 0 : -skew;
    let turned = rotatedSize(region, deskew);
    let warp: PerspectiveWarp | null = null;
    if (quad) {
      // The paper straightened: its text rows level and its columns upright, as on a scan. At
      // the size the engines read (at a phone photo's full size it cost up to half a second more).
      const full = straightSize(quad);
      const scale = Math.min(1, maxSide / Math.max(full.width, full.height));
      const shrunk = scale < 1 ? pipeline.resize(Math.round(region.width * scale)) : pipeline;
      const { data, info } = await shrunk.raw().toBuffer({ resolveWithObject: true });
      const sx = info.width / region.width;
      const sy = info.height / region.height;
      const at = quad.map((p) => ({ x: p.x * sx, y: p.y * sy })) as Quad;
      const straight = warpQuad(new Uint8Array(data), info.width, info.height, at);
      warp = fullSizeWarp(straight, sx, sy, scale);
      turned = { width: warp.width, height: warp.height };
      pipeline = sharp(Buffer.from(straight.data.buffer, straight.data.byteOffset), {
        raw: { width: straight.width, height: straight.height, channels: 1 },
      });
    }
    if (!warp && (deskew || options.rotate)) {
      // Steps of their own: in one pipeline sharp would crop the turned image with the upright box.
      let step = await pipeline.raw().toBuffer({ resolveWithObject: true });
      if (deskew) {
        const { width, height, channels } = step.info;
        step = await sharp(step.data, { raw: { width, height, channels } })
          .rotate(deskew, { background: '#ffffff' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        turned = { width: step.info.width, height: step.info.height };
      }
      const { width, height, channels } = step.info;
      pipeline = sharp(step.data, { raw: { width, height, channels } });
      if (options.rotate) pipeline = pipeline.rotate(options.rotate);
    } else if (warp && options.rotate) {
      pipeline = pipeline.rotate(options.rotate);
    }
    const quarter = options.rotate === 90 || options.rotate === 270;
    const beforeResize = quarter ? { width: turned.height, height: turned.width } : turned;
    pipeline = pipeline.grayscale().toColourspace('b-w');
    if (options.normalise ?? true) pipeline = pipeline.normalise();
    const longSide = Math.max(beforeResize.width, beforeResize.height);
    const minSide = Math.min(options.minSide ?? DEFAULT_MIN_SIDE, maxSide);
    if (longSide < minSide) {
      const target = Math.round(Math.min(maxSide, ENLARGED_SIDE, longSide * ENLARGEMENT));
      pipeline = pipeline.resize(target, target, { fit: 'inside' });
    } else {
      pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    }
    // The engines decode it at once: light compression (lossless all the same) saves ~150 ms.
    pipeline =
      format === 'png' ? pipeline.png({ compressionLevel: 1 }) : pipeline.jpeg({ quality: 90 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      image: data,
      width: info.width,
      height: info.height,
      format,
      sourceType,
      original,
      crop,
      transform: {
        original,
        crop,
        deskew: warp ? 0 : deskew,
        warp,
        rotate: options.rotate ?? 0,
        scale: info.width / beforeResize.width,
        size: { width: info.width, height: info.height },
      },
      sideways,
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
