import { createRequire } from 'node:module';
import sharp from 'sharp';
import { ImageDecodeError, ImageTooLargeError } from './preprocess.errors.js';

interface HeicImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}
type HeicDecode = ((input: { buffer: Buffer }) => Promise<HeicImage>) & {
  all(input: {
    buffer: Buffer;
  }): Promise<(Pick<HeicImage, 'width' | 'height'> & { decode(): Promise<HeicImage> })[]>;
};

// heic-decode is CommonJS without types; libheif compiled to wasm (sharp's prebuilt libvips has
// no HEVC decoder, research §4.6).
const decodeHeic = createRequire(import.meta.url)('heic-decode') as HeicDecode;

/**
 * HEIC (iPhone photos) to PNG for the usual preprocessing. The size is read from the container
 * before any pixel is decoded, so a pixel bomb is refused up front.
 */
export function heicDecoder(maxPixels: number) {
  return async (input: Buffer): Promise<Buffer> => {
    let images;
    try {
      images = await decodeHeic.all({ buffer: input });
    } catch (error) {
      throw new ImageDecodeError(`Could not decode heic image: ${String(error)}`, { cause: error });
    }
    const first = images[0];
    if (!first) throw new ImageDecodeError('The heic file holds no image');
    const pixels = first.width * first.height;
    if (pixels > maxPixels) throw new ImageTooLargeError(pixels, maxPixels);
    const image = await first.decode();
    return sharp(Buffer.from(image.data.buffer), {
      raw: { width: image.width, height: image.height, channels: 4 },
    })
      .png()
      .toBuffer();
  };
}
